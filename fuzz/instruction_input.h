// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The input of the two instruction.md targets (fuzz_instruction_markdown, fuzz_instruction_import): the bytes
// as InspectorPanels::instructionMarkdown hands a task's instruction.md to Qt — the first 1 MiB, cut at a
// character boundary — and a headless platform for the application object each target makes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <QString>

namespace vernier::fuzz {

constexpr std::size_t kInstructionLimit = std::size_t{1} << 20; // ui/inspector/inspector_panels.h

inline QString instructionInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    if (text.size() > kInstructionLimit) {
        std::size_t cut = kInstructionLimit;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
            --cut;
        text.resize(cut);
    }
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// QT_QPA_PLATFORM=offscreen unless the environment says otherwise.
inline void headlessUnlessSet() {
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
}

} // namespace vernier::fuzz
