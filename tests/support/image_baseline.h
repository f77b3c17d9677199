// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// Baseline-image comparison for render and chart tests (docs/testing.md "Baseline images").
//
// A test renders an image and calls expectMatchesBaseline(image, "name"). The baseline is
// tests/data/baselines/<name>.png. Two images match when they have the same size and at most
// `maxBadShare` of the pixels differ by more than `channelTolerance` in any channel (0..255). On a
// mismatch the actual image and a diff image (differing pixels in magenta over a faded copy of the
// baseline) are written to <build>/tests/baseline-failures/ and their paths are in the failure text.
//
// Baselines are made, never edited by hand: run the test with VERNIER_UPDATE_BASELINES=1 and the
// missing or mismatching baselines are (re)written; review them with an image viewer before committing.
#pragma once

#include <QColor>
#include <QDir>
#include <QImage>
#include <QString>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace vernier::test {

struct BaselineComparison {
    bool sizeMatches = false;
    long long pixels = 0;
    long long badPixels = 0;
    int worstChannelDelta = 0;
    QImage diff;
    double badShare() const { return pixels ? double(badPixels) / double(pixels) : 1.0; }
};

inline BaselineComparison compareImages(const QImage& actualIn, const QImage& expectedIn,
                                        int channelTolerance) {
    BaselineComparison r;
    const QImage actual = actualIn.convertToFormat(QImage::Format_RGB32);
    const QImage expected = expectedIn.convertToFormat(QImage::Format_RGB32);
    r.sizeMatches = actual.size() == expected.size();
    if (!r.sizeMatches) return r;
    r.diff = QImage(expected.size(), QImage::Format_RGB32);
    r.pixels = static_cast<long long>(expected.width()) * expected.height();
    for (int y = 0; y < expected.height(); ++y) {
        const auto* a = reinterpret_cast<const QRgb*>(actual.constScanLine(y));
        const auto* e = reinterpret_cast<const QRgb*>(expected.constScanLine(y));
        auto* d = reinterpret_cast<QRgb*>(r.diff.scanLine(y));
        for (int x = 0; x < expected.width(); ++x) {
            const int delta =
                std::max({std::abs(qRed(a[x]) - qRed(e[x])), std::abs(qGreen(a[x]) - qGreen(e[x])),
                          std::abs(qBlue(a[x]) - qBlue(e[x]))});
            r.worstChannelDelta = std::max(r.worstChannelDelta, delta);
            if (delta > channelTolerance) {
                ++r.badPixels;
                d[x] = qRgb(255, 0, 255);
            } else {
                const int g = 160 + qGray(e[x]) * 95 / 255;
                d[x] = qRgb(g, g, g);
            }
        }
    }
    return r;
}

inline QString baselineDir() {
    return QStringLiteral(VERNIER_SOURCE_DIR "/tests/data/baselines");
}
inline QString baselineFailureDir() {
    return QStringLiteral(VERNIER_BINARY_DIR "/tests/baseline-failures");
}

// Compares `image` with tests/data/baselines/<name>.png; see the file comment.
inline void expectMatchesBaseline(const QImage& image, const QString& name, int channelTolerance = 24,
                                  double maxBadShare = 0.005) {
    ASSERT_FALSE(image.isNull()) << name.toStdString() << ": nothing was rendered";
    const QString path = baselineDir() + "/" + name + ".png";
    const bool update = qEnvironmentVariableIntValue("VERNIER_UPDATE_BASELINES") == 1;
    QImage expected(path);
    if (expected.isNull()) {
        if (update) {
            QDir().mkpath(baselineDir());
            ASSERT_TRUE(image.save(path)) << "cannot write " << path.toStdString();
            return;
        }
        FAIL() << "no baseline " << path.toStdString() << " (make it with VERNIER_UPDATE_BASELINES=1)";
    }
    const BaselineComparison r = compareImages(image, expected, channelTolerance);
    const bool ok = r.sizeMatches && r.badShare() <= maxBadShare;
    if (ok) return;
    if (update) {
        ASSERT_TRUE(image.save(path)) << "cannot write " << path.toStdString();
        return;
    }
    QDir().mkpath(baselineFailureDir());
    const QString actualPath = baselineFailureDir() + "/" + name + ".actual.png";
    const QString diffPath = baselineFailureDir() + "/" + name + ".diff.png";
    image.save(actualPath);
    if (!r.diff.isNull()) r.diff.save(diffPath);
    if (!r.sizeMatches) {
        ADD_FAILURE() << name.toStdString() << ": size " << image.width() << "x" << image.height()
                      << " differs from the baseline's " << expected.width() << "x" << expected.height()
                      << "; actual image: " << actualPath.toStdString();
        return;
    }
    ADD_FAILURE() << name.toStdString() << ": " << r.badPixels << " of " << r.pixels << " pixels ("
                  << 100.0 * r.badShare() << " %) differ by more than " << channelTolerance << " (worst "
                  << r.worstChannelDelta << "); allowed " << 100.0 * maxBadShare
                  << " %. Actual: " << actualPath.toStdString() << ", diff: " << diffPath.toStdString();
}

} // namespace vernier::test
