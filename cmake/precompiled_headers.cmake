# SPDX-FileCopyrightText: 2026 The Vernier authors
# SPDX-License-Identifier: Apache-2.0
# Precompiled headers (docs/testing.md "Build time"). About four fifths of the time to compile a test or a
# GUI source goes into parsing the same standard library, Qt, OpenCASCADE, GoogleTest and nlohmann/json headers;
# each library parses them once instead. Only third-party headers are listed — never our own — so editing a
# Vernier header rebuilds exactly what it did before. Sources still include what they use: a build with
# -DVERNIER_PCH=OFF (the fuzz build) keeps that honest.
#
# The layers keep their headers: scoring/ gets no Qt, models/ and worker/ no widgets (docs/architecture.md).
# X11-including OCCT viewer headers (V3d, Aspect) stay out: Xlib defines macros such as None and Bool.
option(VERNIER_PCH "Precompile common third-party headers" OFF)

set(VERNIER_PCH_STD <algorithm> <array> <cmath> <cstdint> <cstdio> <cstring> <filesystem> <fstream> <functional>
    <map> <memory> <optional> <set> <sstream> <string> <string_view> <unordered_map> <utility> <vector>)
set(VERNIER_PCH_OCCT <Standard_Failure.hxx> <Standard_Handle.hxx> <TopoDS.hxx> <TopoDS_Shape.hxx> <TopExp.hxx>
    <TopExp_Explorer.hxx> <TopTools_IndexedMapOfShape.hxx> <BRep_Tool.hxx> <GProp_GProps.hxx> <gp_Pnt.hxx>
    <gp_Trsf.hxx>)
set(VERNIER_PCH_JSON <nlohmann/json.hpp>)
set(VERNIER_PCH_QTCORE <QByteArray> <QDir> <QFile> <QFileInfo> <QObject> <QString> <QStringList> <QVariant>)
set(VERNIER_PCH_QTWIDGETS <QAbstractItemModel> <QAbstractTableModel> <QApplication> <QColor> <QComboBox>
    <QHBoxLayout> <QHeaderView> <QImage> <QLabel> <QPainter> <QPushButton> <QSplitter> <QTableView> <QTreeWidget>
    <QVBoxLayout> <QWidget>)
set(VERNIER_PCH_QTCHARTS <QChart> <QChartView>)
set(VERNIER_PCH_TEST <gtest/gtest.h> <gmock/gmock.h>)

# vernier_precompile(<target> <kind>...): kind is any of STD OCCT JSON QTCORE QTWIDGETS QTCHARTS TEST.
function(vernier_precompile target)
  if(NOT VERNIER_PCH)
    return()
  endif()
  set(headers "")
  foreach(kind IN LISTS ARGN)
    list(APPEND headers ${VERNIER_PCH_${kind}})
  endforeach()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()

# vernier_reuse_precompiled(<target> <from>): <target> compiles with <from>'s precompiled header; both must have
# the same compile flags and definitions (the tests of one area do).
function(vernier_reuse_precompiled target from)
  if(VERNIER_PCH)
    target_precompile_headers(${target} REUSE_FROM ${from})
  endif()
endfunction()
