// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#include "models/isolated_check.h"

#include <QProcess>
#include <QTemporaryDir>

#include <filesystem>
#include <fstream>

namespace vernier {

namespace {

std::string firstLine(const QByteArray& text) {
    const QByteArray line = text.trimmed().split('\n').value(0).trimmed();
    return line.isEmpty() ? std::string() : line.toStdString();
}

// vernier-cli beside the running executable, else on PATH (as the rescore engine finds its workers).
std::string checkerBesideExecutable() {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto candidate = self.parent_path() / "vernier-cli";
        if (std::filesystem::exists(candidate, ec)) return candidate.string();
    }
    return "vernier-cli";
}

} // namespace

IsolatedCheck checkDocumentIsolated(const FileRef& document, int timeoutMs, const std::string& program) {
    IsolatedCheck result;
    if (document.empty()) return result;

    // A zip entry is handed to the checker as a private temporary copy; plain files by path.
    QTemporaryDir scratch;
    std::string path = document.path();
    if (document.isInZip()) {
        if (!scratch.isValid()) return result;
        std::string bytes;
        try {
            bytes = document.readAll();
        } catch (const std::exception& e) {
            result.checked = true;
            result.problem = e.what();
            return result;
        }
        path = scratch.filePath(QStringLiteral("document.FCStd")).toStdString();
        std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }

    QProcess process;
    process.setProgram(QString::fromStdString(program.empty() ? checkerBesideExecutable() : program));
    process.setArguments({QStringLiteral("inspect"), QString::fromStdString(path), QStringLiteral("--json")});
    process.start();
    if (!process.waitForStarted(10000)) return result; // no checker: the caller loads unisolated
    result.checked = true;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        result.problem = "reading the document did not finish within " + std::to_string(timeoutMs / 1000) +
                         " s (isolated check)";
        return result;
    }
    if (process.exitStatus() == QProcess::CrashExit) {
        result.problem = "reading the document crashed the reader (isolated check)";
        return result;
    }
    if (process.exitCode() != 0) {
        std::string why = firstLine(process.readAllStandardError());
        // "vernier-cli inspect: <reason>" -> "<reason>"
        const std::string prefix = "vernier-cli inspect: ";
        if (why.rfind(prefix, 0) == 0) why = why.substr(prefix.size());
        result.problem =
            why.empty() ? "the document could not be read (exit " + std::to_string(process.exitCode()) + ")"
                        : why;
    }
    return result;
}

} // namespace vernier
