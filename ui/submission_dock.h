// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The Submission check panel: for each opened bundle that is a cad-bench v2 submission (a manifest and its
// Harbor job), the maintainers' manifest checks and artifact audit — the findings `vernier-cli
// validate-submission` prints — and the declared figures against the computed ones.
#include <QDockWidget>
#include <memory>

class QTreeWidget;

namespace vernier {
class ResultSet;
}

namespace vernier::ui {

class SubmissionDock : public QDockWidget {
    Q_OBJECT
public:
    explicit SubmissionDock(QWidget* parent = nullptr);
    void setResultSet(const std::shared_ptr<const ResultSet>& set);
    int submissionCount() const;
    QTreeWidget* list() const { return list_; }

private:
    QTreeWidget* list_ = nullptr;
};

} // namespace vernier::ui
