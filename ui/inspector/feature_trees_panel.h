// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The feature trees of the reference and candidate documents side by side (type, name, Tip,
// touched/invalid marks).
#include <vector>

#include <QWidget>

#include "scoring/feature_tree.h"

class QTreeWidget;

namespace vernier::ui {

class FeatureTreesPanel : public QWidget {
    Q_OBJECT
public:
    explicit FeatureTreesPanel(QWidget* parent = nullptr);
    void setTrees(const std::vector<FeatureNode>& reference, const QString& referenceBody,
                  const std::vector<FeatureNode>& candidate, const QString& candidateBody);
    QTreeWidget* referenceTree() const { return reference_; }
    QTreeWidget* candidateTree() const { return candidate_; }

private:
    QTreeWidget* reference_;
    QTreeWidget* candidate_;
};

} // namespace vernier::ui
