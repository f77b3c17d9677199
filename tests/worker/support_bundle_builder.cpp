// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
// The bundle builder of the models tests (tests/models/bundle_builder.h), compiled into the worker tests too.
#include "models/support_bundle_builder.cpp"
