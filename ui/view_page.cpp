// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "ui/view_page.h"

namespace vernier::ui {

TableActions* ViewPage::installTableActions(QAbstractItemView* view, TableActions::TrialOf trialOf) {
    TableActions* actions = TableActions::install(view, std::move(trialOf));
    connect(actions, &TableActions::trialActivated, this, [this, actions](const TrialId& trial) {
        activationOrder_ = actions->trialOrder();
        emit trialActivated(trial);
    });
    connect(actions, &TableActions::rescoreRequested, this, &ViewPage::trialsRescoreRequested);
    return actions;
}

} // namespace vernier::ui
