#pragma once

#include "report/text_buffer.hpp"

namespace hl {

// Appends a number with one decimal, exactly as fmt's "{:.1f}" writes it (correctly rounded),
// without fmt's exact-arithmetic path for the usual case of a positive number of moderate size
// whose rounding is not a near tie.
void append_tenths(TextBuffer& out, double v);

}  // namespace hl
