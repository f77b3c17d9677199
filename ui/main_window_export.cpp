// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// MainWindow: the export dialogs (figure, table, report).
#include "ui/main_window.h"

#include "figures/provenance.h"
#include "figures/report_export.h"
#include "figures/table_model_export.h"
#include "figures/trial_table_model.h"
#include "models/sample_location.h"
#include "models/table_export.h"
#include "models/workspace.h"
#include "scoring/safe_zip.h"
#include "ui/charts_page.h"
#include "ui/compare_view.h"
#include "ui/failure_view.h"
#include "ui/filter_bar.h"
#include "ui/heatmap_view.h"
#include "ui/inspector/trial_inspector.h"
#include "ui/leaderboard_view.h"
#include "ui/pairwise_view.h"
#include "ui/problems_dock.h"
#include "ui/session.h"
#include "ui/submission_dock.h"
#include "ui/trials_view.h"
#include "ui/workspace_dock.h"
#include "vernier_version.h"
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QShortcut>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QThread>
#include <QTime>
#include <QToolBar>
#include <QVBoxLayout>
#include <Standard_Version.hxx>
#include <algorithm>
#include <exception>

namespace vernier::ui {

namespace {

// Size and resolution of an exported figure.
bool askFigureOptions(QWidget* parent, FigureOptions& o) {
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Figure size"));
    auto* w = new QDoubleSpinBox(&dialog);
    auto* h = new QDoubleSpinBox(&dialog);
    for (QDoubleSpinBox* s : {w, h}) {
        s->setRange(1.0, 20.0);
        s->setDecimals(2);
        s->setSuffix(QObject::tr(" in"));
    }
    w->setValue(o.widthInches);
    h->setValue(o.heightInches);
    auto* dpi = new QSpinBox(&dialog);
    dpi->setRange(72, 1200);
    dpi->setValue(o.dpi);
    dpi->setSuffix(QObject::tr(" dpi (PNG)"));
    auto* form = new QFormLayout(&dialog);
    form->addRow(QObject::tr("Width"), w);
    form->addRow(QObject::tr("Height"), h);
    form->addRow(QObject::tr("Resolution"), dpi);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) return false;
    o.widthInches = w->value();
    o.heightInches = h->value();
    o.dpi = dpi->value();
    return true;
}

} // namespace

// A file name typed without an extension gets the one of the filter the user chose ("PDF (*.pdf)").
QString withChosenExtension(const QString& path, const QString& filter) {
    if (path.isEmpty() || !QFileInfo(path).suffix().isEmpty()) return path;
    const int star = static_cast<int>(filter.indexOf(QLatin1String("*.")));
    if (star < 0) return path;
    const int end = static_cast<int>(filter.indexOf(QLatin1Char(')'), star));
    return path + filter.mid(star + 1, end < 0 ? -1 : end - star - 1);
}

void MainWindow::exportFigureDialog() {
    ViewPage* page = view(currentViewKey());
    if (!page) return;
    const QList<ExportableFigure> figures = page->figures();
    if (figures.isEmpty()) {
        QMessageBox::information(this, tr("Export figure"), tr("This view has no figure; use Export table."));
        return;
    }
    int chosen = 0;
    if (figures.size() > 1) {
        QStringList names;
        for (const auto& f : figures)
            names << f.name;
        bool ok = false;
        const QString name =
            QInputDialog::getItem(this, tr("Export figure"), tr("Figure:"), names, 0, false, &ok);
        if (!ok) return;
        chosen = static_cast<int>(names.indexOf(name));
    }
    FigureOptions o = figures[chosen].defaults;
    o.provenance = makeProvenance(*session_->analysis(), QStringLiteral("Vernier: Export figure"));
    if (!askFigureOptions(this, o)) return;
    QString filter;
    const QString path = withChosenExtension(
        QFileDialog::getSaveFileName(this, tr("Export figure"), figures[chosen].name + QStringLiteral(".pdf"),
                                     tr("PDF (*.pdf);;SVG (*.svg);;PNG (*.png)"), &filter),
        filter);
    if (path.isEmpty()) return;
    FigureFormat format;
    if (!figureFormatFromPath(path, &format)) {
        QMessageBox::warning(this, tr("Export figure"), tr("Use a .pdf, .svg or .png file name."));
        return;
    }
    QString error;
    if (!exportFigure(figures[chosen].widget, path, format, o, &error))
        QMessageBox::warning(this, tr("Export figure"), error);
    else
        summary_->setText(tr("Wrote %1").arg(path));
}

void MainWindow::exportTableDialog() {
    ViewPage* page = view(currentViewKey());
    if (!page) return;
    const QList<ExportableTable> tables = page->tables();
    if (tables.isEmpty()) {
        QMessageBox::information(this, tr("Export table"), tr("This view has no table; use Export figure."));
        return;
    }
    int chosen = 0;
    if (tables.size() > 1) {
        QStringList names;
        for (const auto& t : tables)
            names << t.name;
        bool ok = false;
        const QString name =
            QInputDialog::getItem(this, tr("Export table"), tr("Table:"), names, 0, false, &ok);
        if (!ok) return;
        chosen = static_cast<int>(names.indexOf(name));
    }
    QString filter;
    const QString path = withChosenExtension(
        QFileDialog::getSaveFileName(this, tr("Export table"), tables[chosen].name + QStringLiteral(".csv"),
                                     tr("CSV (*.csv);;LaTeX booktabs (*.tex)"), &filter),
        filter);
    if (path.isEmpty()) return;
    const bool latex = path.endsWith(QLatin1String(".tex"), Qt::CaseInsensitive);
    QString text;
    const auto analysis = session_->analysis();
    if (tables[chosen].name == QLatin1String("leaderboard")) { // the CLI's numbers, via models/table_export.h
        text = latex ? leaderboardLatexText(*analysis) : leaderboardCsvText(*analysis);
    } else if (tables[chosen].name == QLatin1String("trials") && !latex && analysis->set) {
        // Data, not display text: the listed trials in their shown order, raw numbers, a trial-name column.
        std::vector<int> rows;
        const QAbstractItemModel& m = *tables[chosen].model;
        for (int r = 0; r < m.rowCount(); ++r)
            rows.push_back(m.index(r, 0).data(TrialTableModel::TrialIndexRole).toInt());
        text = QString::fromStdString(trialsCsv(*analysis->set, rows));
    }
    if (text.isEmpty())
        text = latex ? modelToLatex(*tables[chosen].model, tables[chosen].name)
                     : modelToCsv(*tables[chosen].model);
    QString error;
    const Provenance provenance = makeProvenance(*analysis, QStringLiteral("Vernier: Export table"));
    text = latex ? withLatexProvenance(text, provenance) : withCsvProvenance(text, provenance);
    if (!writeTextFile(path, text, &error))
        QMessageBox::warning(this, tr("Export table"), error);
    else
        summary_->setText(tr("Wrote %1").arg(path));
}

void MainWindow::exportReportDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export report into folder"));
    if (dir.isEmpty()) return;
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    ReportOptions options;
    options.command = QStringLiteral("Vernier: Export report");
    const QStringList files = exportReport(session_->analysis(), dir, options, &error);
    QApplication::restoreOverrideCursor();
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Export report"), error);
    else
        summary_->setText(tr("Wrote %1 files to %2").arg(files.size()).arg(dir));
}

} // namespace vernier::ui
