#include "ui/view_page.h"

// ViewPage is an interface; this file gives AUTOMOC a home for its signals.
