// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/application.h"
#include "ui/english_plurals.h"

#include <QApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QIcon>
#include <QPixmap>
#include <QTabWidget>
#include <QTimer>
#include <cstdio>
#include <cstring>

#include <QtGlobal>
#include <Standard_Version.hxx>

#include "models/sample_location.h"
#include "ui/inspector/trial_inspector.h"
#include "ui/main_window.h"
#include "ui/session.h"
#include "ui/trials_view.h"
#include "ui/view_page.h"
#include "vernier_version.h"
#include "viewers/occt_platform.h"

namespace vernier::ui {

namespace {

// The usage lines (a bad argument prints its reason and them; --help adds a description of each option).
const char* const kUsage =
    "usage: vernier [BUNDLE... [--tasks PACK]]\n"
    "       vernier W.vernier.json | --workspace W\n"
    "       vernier PART.FCStd\n"
    "       vernier [BUNDLE... [--tasks PACK] | W.vernier.json] --screenshot FILE.png [--size WxH] "
    "[--view VIEW]\n"
    "       vernier --version | --help\n";

const char* const kHelp =
    "\n"
    "Opens result bundles (Harbor job folders, leaderboard submissions, zips of either) with the task pack\n"
    "that holds their reference documents; with no argument, the sample bundle installed with Vernier.\n"
    "A saved workspace (*.vernier.json) names its own bundles and pack. One FreeCAD document opens in the\n"
    "single-document inspector.\n"
    "\n"
    "  --tasks PACK          task pack folder or zip (reference documents, task.toml, spec.json)\n"
    "  --workspace W         open the workspace file W\n"
    "  --screenshot FILE.png load, draw one view into FILE.png and exit without showing a window\n"
    "  --size WxH            window size for --screenshot (default 1400x900)\n"
    "  --view VIEW           the view --screenshot draws: leaderboard (default), workflows, failures, cost,\n"
    "                        heatmap, compare, pairwise, trials; "
    "trial:NAME[:overlay|:deviation|:instruction]\n"
    "                        for one trial in the inspector, trial:A+B[:overlay|:deviation][:reference] for\n"
    "                        two trials compared (NAME, A, B: trial folder names)\n"
    "  --version             print the Vernier, OpenCASCADE and Qt versions\n"
    "  -h, --help            print this help\n"
    "\n"
    "Exit status: 0 on success; 2 on a bad argument or an input that cannot be shown (one line on\n"
    "stderr); 1 when a screenshot cannot be written. The command line: vernier-cli --help. Manual: man "
    "vernier.\n";

} // namespace

GuiArguments parseGuiArguments(const QStringList& arguments) {
    GuiArguments out;
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        auto value = [&](const char* name) -> QString {
            if (i + 1 >= arguments.size()) {
                out.error = QStringLiteral("%1 needs a value").arg(QLatin1String(name));
                return {};
            }
            return arguments[++i];
        };
        if (a == QLatin1String("--tasks"))
            out.taskPack = value("--tasks");
        else if (a == QLatin1String("--workspace"))
            out.workspace = value("--workspace");
        else if (a.startsWith(QLatin1String("--workspace=")))
            out.workspace = a.mid(12);
        else if (a == QLatin1String("--screenshot"))
            out.screenshot = value("--screenshot");
        else if (a == QLatin1String("--view"))
            out.view = value("--view");
        else if (a == QLatin1String("--size") || a.startsWith(QLatin1String("--size="))) {
            const QString v = a == QLatin1String("--size") ? value("--size") : a.mid(7);
            const QStringList wh = v.split(QLatin1Char('x'));
            bool okW = false, okH = false;
            const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0, h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
            if (out.error.isEmpty() && (!okW || !okH || w < 320 || h < 240 || w > 8000 || h > 8000))
                out.error = QStringLiteral("--size wants WxH between 320x240 and 8000x8000, not '%1'").arg(v);
            else
                out.size = QSize(w, h);
        } else if (a.startsWith(QLatin1String("--tasks=")))
            out.taskPack = a.mid(8);
        else if (a.startsWith(QLatin1String("--screenshot=")))
            out.screenshot = a.mid(13);
        else if (a.startsWith(QLatin1String("--view=")))
            out.view = a.mid(7);
        else if (a.startsWith(QLatin1String("-")))
            out.error = QStringLiteral("unknown option %1").arg(a);
        else if (a.endsWith(QLatin1String(".vernier.json"), Qt::CaseInsensitive) && out.workspace.isEmpty())
            out.workspace = a; // a workspace file (docs/workspace.md)
        else
            out.bundles << a;
        if (!out.error.isEmpty()) break;
    }
    if (out.error.isEmpty() && !out.workspace.isEmpty() &&
        (!out.bundles.isEmpty() || !out.taskPack.isEmpty()))
        out.error =
            QStringLiteral("a workspace names its own bundles and task pack: give either a workspace or "
                           "BUNDLE... [--tasks PACK]");
    if (out.error.isEmpty() && !out.view.isEmpty() && out.screenshot.isEmpty())
        out.error = QStringLiteral("--view is only used with --screenshot");
    return out;
}

int renderScreenshot(MainWindow& window, const GuiArguments& args, int timeoutMs) {
    QString trialName;
    QString view = args.view.isEmpty() ? QStringLiteral("leaderboard") : args.view;
    QString trialMode; // trial:<name>[:side-by-side|overlay|deviation|instruction]
    bool withReference = false;
    if (view.startsWith(QLatin1String("trial:"))) {
        trialName = view.mid(6);
        // trial:<a>+<b>[:mode][:reference]: candidate vs candidate (docs/inspector.md), the reference shown
        // as the third view when asked; trial:<name>:instruction shows the Instruction tab.
        if (trialName.endsWith(QLatin1String(":reference"))) {
            withReference = true;
            trialName.chop(10);
        }
        for (const QString& m : {QStringLiteral("side-by-side"), QStringLiteral("overlay"),
                                 QStringLiteral("deviation"), QStringLiteral("instruction")})
            if (trialName.endsWith(QLatin1Char(':') + m)) {
                trialMode = m;
                trialName.chop(m.size() + 1);
            }
        view = QStringLiteral("trials");
    }
    if (!window.viewKeys().contains(view)) {
        std::fprintf(stderr, "vernier: unknown view '%s' (one of %s, trial:<name>)\n", qPrintable(args.view),
                     qPrintable(window.viewKeys().join(QLatin1Char('|'))));
        return 2;
    }
    window.setInteractive(false);
    window.showView(view);
    window.show();

    // Wait for the imported analysis to reach the views (or a load failure, or the timeout).
    QEventLoop loop;
    QString failure;
    bool done = false;
    QObject::connect(&window, &MainWindow::analysisShown, &loop, [&] {
        done = true;
        loop.quit();
    });
    QObject::connect(window.session(), &Session::loadFailed, &loop, [&](const QString& reason) {
        failure = reason;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    if (!args.workspace.isEmpty()) {
        QString error;
        if (!window.openWorkspaceFile(args.workspace, &error)) {
            std::fprintf(stderr, "vernier: %s\n", qPrintable(error));
            return 2;
        }
    } else if (!args.bundles.isEmpty()) {
        window.openBundles(args.bundles, args.taskPack); // without --tasks: the pack beside the bundle
    }
    const Session* session = window.session();
    if (!done && failure.isEmpty() && !session->enabledBundles().isEmpty() && !session->taskPack().isEmpty())
        loop.exec();
    if (!failure.isEmpty()) {
        std::fprintf(stderr, "vernier: %s\n", qPrintable(failure));
        return 2;
    }
    if (!done) {
        std::fprintf(stderr, "vernier: no results to show (give BUNDLE... --tasks PACK)\n");
        return 2;
    }
    QWidget* grabTarget = &window;
    if (!trialName.isEmpty()) {
        const QStringList names = trialName.split(QLatin1Char('+'));
        std::vector<TrialId> trials;
        for (const QString& name : names) {
            const auto trial = window.findTrial(name);
            if (!trial || names.size() > 2) {
                std::fprintf(stderr, "vernier: no trial named '%s'\n", qPrintable(name));
                return 2;
            }
            trials.push_back(*trial);
        }
        // The trial view is the 3D inspector; wait until its documents are loaded and scored.
        QWidget* inspector = nullptr;
        if (trials.size() == 2) {
            // The path a context menu takes ("Compare with …", "Open A vs B in inspector").
            emit window.view(QStringLiteral("heatmap"))->candidatesCompareRequested(trials[0], trials[1]);
            for (QWidget* w : QApplication::topLevelWidgets())
                if (auto* ti = qobject_cast<ui::TrialInspector*>(w); ti && ti->comparingCandidates())
                    inspector = ti;
            if (!inspector) {
                std::fprintf(stderr, "vernier: '%s' are not two trials of one task\n", qPrintable(trialName));
                return 2;
            }
        } else {
            inspector = window.openTrial(trials[0], true);
        }
        if (auto* ti = qobject_cast<ui::TrialInspector*>(inspector)) {
            if (withReference) ti->setReferenceVisible(true);
            if (trialMode == QLatin1String("instruction"))
                for (int i = 0; i < ti->panels()->count(); ++i)
                    if (ti->panels()->tabText(i) == QObject::tr("Instruction"))
                        ti->panels()->setCurrentIndex(i);
            ti->resize(args.size);
            if (ti->analysing()) {
                QEventLoop ready;
                QObject::connect(ti, &ui::TrialInspector::analysisReady, &ready, &QEventLoop::quit);
                QTimer::singleShot(timeoutMs, &ready, &QEventLoop::quit);
                ready.exec();
            }
            if (trialMode == QLatin1String("overlay")) ti->setMode(viewers::InspectorMode::Overlay);
            if (trialMode == QLatin1String("deviation")) {
                QEventLoop ready;
                QObject::connect(ti, &ui::TrialInspector::deviationReady, &ready, &QEventLoop::quit);
                QTimer::singleShot(timeoutMs, &ready, &QEventLoop::quit);
                ti->setMode(viewers::InspectorMode::Deviation);
                ready.exec();
            }
            grabTarget = ti;
        }
    }
    // Let layouts settle and charts paint before grabbing.
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
        QEventLoop wait;
        QTimer::singleShot(40, &wait, &QEventLoop::quit);
        wait.exec();
    }
    const QPixmap pixmap = grabTarget->grab();
    if (grabTarget != &window) grabTarget->close();
    if (pixmap.isNull() || !pixmap.save(args.screenshot, "PNG")) {
        std::fprintf(stderr, "vernier: cannot write %s\n", qPrintable(args.screenshot));
        return 1;
    }
    return 0;
}

int runApplication(int argc, char** argv) {
    // Before QApplication: --version and --help must work without a display (over ssh, in a package's
    // tests; scores compare only on one OCCT build).
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0) {
            std::printf("vernier %s (OpenCASCADE %s, Qt %s)\n", VERNIER_VERSION, OCC_VERSION_COMPLETE,
                        qVersion());
            return 0;
        }
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::printf("%s%s", kUsage, kHelp);
            return 0;
        }
    }
    prepareOcctPlatform();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Vernier"));
    QApplication::setOrganizationName(QStringLiteral("Vernier"));
    QApplication::setApplicationVersion(QStringLiteral(VERNIER_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("vernier"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/vernier.svg")));
    EnglishPlurals plurals; // "1 trial", "3 problems" (ui/english_plurals.h)
    QApplication::installTranslator(&plurals);

    GuiArguments args = parseGuiArguments(QApplication::arguments().mid(1));
    if (!args.error.isEmpty()) {
        std::fprintf(stderr, "vernier: %s\n%s", qPrintable(args.error), kUsage);
        return 2;
    }
    if (args.bundles.isEmpty() && args.workspace.isEmpty() && !args.screenshot.isEmpty()) {
        // No arguments: the embedded sample bundle (docs/contract.md §5).
        const SampleLocation sample = findSample(QCoreApplication::applicationFilePath().toStdString());
        if (!sample.results.empty()) {
            args.bundles << QString::fromStdString(sample.results);
            if (args.taskPack.isEmpty()) args.taskPack = QString::fromStdString(sample.tasks);
        }
    }

    MainWindow window;
    if (!args.screenshot.isEmpty()) {
        window.resize(args.size);
        return renderScreenshot(window, args, 300000);
    }
    window.restoreSettings();
    window.show();
    if (!args.workspace.isEmpty()) {
        QString error;
        if (!window.openWorkspaceFile(args.workspace, &error)) {
            std::fprintf(stderr, "vernier: %s\n", qPrintable(error));
            return 2;
        }
    } else if (!args.bundles.isEmpty()) {
        window.openBundles(args.bundles, args.taskPack); // never the sample's pack
    } else if (!args.taskPack.isEmpty()) {
        window.openResults({}, args.taskPack); // a pack alone: bundles follow (File → Open, drop)
    } else {
        window.openSample(); // no arguments: the embedded sample (docs/contract.md §5), until something opens
    }
    return app.exec();
}

} // namespace vernier::ui
