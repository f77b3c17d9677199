// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/inspector/feature_trees_panel.h"

#include "viewers/colour_map.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QTreeWidget>

namespace vernier::ui {

namespace {

QTreeWidget* makeTree(QWidget* parent, const QString& title) {
    auto* t = new QTreeWidget(parent);
    t->setColumnCount(3);
    t->setHeaderLabels({title, QObject::tr("Type"), QObject::tr("Marks")});
    t->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return t;
}

void addNodes(QTreeWidgetItem* parent, const std::vector<FeatureNode>& nodes) {
    for (const auto& n : nodes) {
        QStringList marks;
        if (n.isTip) marks << QObject::tr("Tip");
        if (n.touched) marks << QObject::tr("touched");
        if (n.invalid) marks << QObject::tr("invalid");
        QString name = QString::fromStdString(n.name);
        if (!n.label.empty() && n.label != n.name)
            name += QStringLiteral(" (%1)").arg(QString::fromStdString(n.label));
        auto* item = new QTreeWidgetItem(
            parent, {name, QString::fromStdString(n.type), marks.join(QStringLiteral(", "))});
        if (n.isTip) {
            QFont f = item->font(0);
            f.setBold(true);
            item->setFont(0, f);
        }
        if (n.invalid || n.touched) {
            item->setForeground(2, viewers::colours::okabeIto(viewers::colours::OkabeIto::Vermillion));
            if (!n.error.empty()) item->setToolTip(2, QString::fromStdString(n.error));
        }
        addNodes(item, n.children);
    }
}

void fill(QTreeWidget* tree, const std::vector<FeatureNode>& nodes, const QString& body) {
    tree->clear();
    auto* root = new QTreeWidgetItem(tree, {body.isEmpty() ? QObject::tr("(no scored body)") : body,
                                            QStringLiteral("PartDesign::Body"), QString()});
    addNodes(root, nodes);
    tree->expandAll();
}

} // namespace

FeatureTreesPanel::FeatureTreesPanel(QWidget* parent) : QWidget(parent) {
    reference_ = makeTree(this, tr("Reference"));
    candidate_ = makeTree(this, tr("Candidate"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(reference_);
    layout->addWidget(candidate_);
}

void FeatureTreesPanel::setTrees(const std::vector<FeatureNode>& reference, const QString& referenceBody,
                                 const std::vector<FeatureNode>& candidate, const QString& candidateBody) {
    fill(reference_, reference, referenceBody);
    fill(candidate_, candidate, candidateBody);
}

} // namespace vernier::ui
