// SPDX-FileCopyrightText: 2026 The Vernier authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Text rules of the Document.xml reader that pugixml leaves to its user: QString's whitespace and number
// grammar (the reader used QXmlStreamReader and QStringView::toDouble before, and reads the same values),
// and the well-formedness checks pugixml skips (encoding, characters, entity references).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace vernier::xml {

// QString::trimmed on UTF-8: strips every QChar::isSpace character (ASCII and Unicode spaces).
std::string_view trimmed(std::string_view s);

// QStringView::toDouble without a locale: surrounding spaces, an optional sign, "inf" and unsigned "nan" in
// any case are accepted; anything else, overflow and underflow to zero are nullopt.
std::optional<double> toNumber(std::string_view s);

// A reason to refuse a document, at a byte offset.
struct Fault {
    std::size_t offset = 0;
    std::string what;
};

// The first byte that is not UTF-8 or not an XML character (C0 controls other than tab, LF and CR; U+FFFE;
// U+FFFF), or the first entity reference outside comments, CDATA, processing instructions and the DOCTYPE
// that is neither one of XML's five entities nor a reference to an XML character. pugixml keeps such a
// reference as text or writes its code point as it is; QXmlStreamReader refused both.
std::optional<Fault> firstTextFault(std::string_view xml);

// ISO-8859-1 bytes as UTF-8.
std::string latin1ToUtf8(std::string_view s);

} // namespace vernier::xml
