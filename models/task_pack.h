// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The task pack (docs/contract.md §3.1): one Harbor-style task folder per task, as a folder or a .zip.
// References and grader assets are only located here; param_check.py is shown as text, never executed.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/file_ref.h"

namespace vernier {

enum class Workflow { Creation = 0, CreateAndEdit = 1, ImageToCad = 2 };
constexpr std::array<Workflow, 3> kWorkflows = {Workflow::Creation, Workflow::CreateAndEdit,
                                                Workflow::ImageToCad};
constexpr int kWorkflowCount = 3;

// "creation", "create_and_edit", "image_to_cad" (the JSON keys and task.toml values).
const char* workflowKey(Workflow w);
// "Creation", "Create & edit", "Image to CAD" (for tables and charts).
const char* workflowTitle(Workflow w);
std::optional<Workflow> parseWorkflow(std::string_view key);
// The paper's suite: 30 / 30 / 40 tasks, i.e. weights 0.30 / 0.30 / 0.40.
constexpr int kSuiteTaskCount[3] = {30, 30, 40};
constexpr double kSuiteWeight[3] = {0.30, 0.30, 0.40};

// One task of the pack. Paths that the pack does not contain are empty FileRefs.
struct TaskInfo {
    std::string id; // folder name, e.g. "freecad-2002df3ce7"
    Workflow workflow = Workflow::Creation;
    bool workflowInferred = false; // task.toml had no workflow; inferred from the files (§3.1)
    std::string category;          // empty when unknown
    std::string difficulty;        // empty when unknown
    std::vector<std::string> tags;
    std::string instruction; // instruction.md text (empty when absent)
    // Harbor multi-step tasks (docs/formats.md): "final" | "mean" as task.toml declares it (empty: not
    // declared; Harbor's default is "mean"), and the [[steps]] names in order.
    std::string multiStepRewardStrategy;
    std::vector<std::string> stepNames;
    FileRef drawing;       // image_to_cad: drawing.png/.jpg/.svg/.pdf
    FileRef reference;     // creation, image_to_cad: tests/reference.FCStd
    FileRef referenceBase; // create_and_edit: tests/reference_base.FCStd
    FileRef referenceEdit; // create_and_edit: tests/reference_edit.FCStd
    FileRef spec;          // tests/spec.json
    FileRef paramCheck;    // tests/param_check.py — text to show, NEVER executed
    std::string loadError; // non-empty: task.toml unreadable etc.; the task is still listed
};

// A problem found while reading a pack or a bundle: which file and why (one line).
struct ImportProblem {
    std::string path;
    std::string reason;
    std::string trial; // the trial it concerns (trial name), empty for bundle- or pack-level problems
};

// All tasks of a pack, sorted by id.
struct TaskPack {
    std::string root; // the folder or .zip given
    std::vector<TaskInfo> tasks;
    std::vector<ImportProblem> problems;

    const TaskInfo* find(std::string_view id) const;
    int index(std::string_view id) const; // -1 when absent
};

// Reads a pack folder or .zip. Throws InputError when `path` is neither; a bad task only adds a problem.
TaskPack loadTaskPack(const std::string& path);

} // namespace vernier
