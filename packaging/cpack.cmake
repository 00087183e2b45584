# Packaging: `cpack -G DEB` in a build folder turns the install() rules into
# peng_<version>_<arch>.deb (prefix /usr). packaging/linux/test-deb.sh builds,
# installs and smoke-tests it. On Windows `cpack -G NSIS` makes the installer
# (packaging/windows/). Included last from the top-level CMakeLists.txt.

set(CPACK_PACKAGE_NAME peng)
set(CPACK_PACKAGE_VENDOR "The Peng developers")
set(PENG_PACKAGE_MAINTAINER "The Peng developers <peng@example.org>"
    CACHE STRING "Maintainer field of the .deb")
set(CPACK_PACKAGE_CONTACT "${PENG_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
"Peng runs Xiaomi's MiMo-V2 Mixture-of-Experts models on one desktop machine.
The dense part of the model stays resident in memory and the routed experts are
streamed from disk on demand. The package holds the desktop app (peng), with a
built-in demo model, and the command-line tool (peng-cli).")
# RelWithDebInfo binaries carry ~50 MB of debug info each; ship them stripped.
set(CPACK_STRIP_FILES ON)
if(WIN32)
  set(CPACK_GENERATOR NSIS)
else()
  set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
  set(CPACK_GENERATOR DEB)
endif()
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/" "/node_modules/" "__pycache__")

# --- Debian ------------------------------------------------------------------
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # peng_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# dpkg-shlibdeps finds the linked libraries (libc6, libqt6*, libgomp1, ...).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What it cannot see: QML modules, the platform plugins (only a Recommends of
# libqt6gui6) and the SVG image plugin, all loaded at run time. One entry per
# import in qml/*.qml, plus what those modules load themselves: QtQuick pulls in
# QtQml, QtQml.Models and QtQml.WorkerScript; QtQuick.Controls.Basic pulls in
# Templates; the QtQuick.Dialogs FolderDialog (no native dialog without a
# platform theme) imports Qt.labs.folderlistmodel and QtQuick.Layouts.
set(PENG_DEB_RUNTIME_DEPENDS
  qt6-qpa-plugins                      # xcb, wayland-egl shells, offscreen
  libqt6svg6                           # imageformats/libqsvg.so: the .svg icon
  qml6-module-qtqml qml6-module-qtqml-models qml6-module-qtqml-workerscript
  qml6-module-qtquick                  # import QtQuick
  qml6-module-qtquick-window
  qml6-module-qtquick-controls         # import QtQuick.Controls.Basic
  qml6-module-qtquick-templates
  qml6-module-qtquick-layouts          # import QtQuick.Layouts
  qml6-module-qtquick-dialogs          # import QtQuick.Dialogs (FolderDialog)
  qml6-module-qt-labs-folderlistmodel  # ... whose Qt Quick implementation uses it
  qml6-module-qtcharts)                # import QtCharts
list(JOIN PENG_DEB_RUNTIME_DEPENDS ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
# Native Wayland windows (without it Qt falls back to XWayland); QtKeychain loads
# libsecret at run time to reach the Secret Service (GNOME's keyring and others; KDE's
# wallet needs none), where a server's API key is kept.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, libsecret-1-0")
# The licences (Peng's Apache-2.0, the demo model's GPL-3.0+ and WordNet notice, what the
# programs are built with) in Debian's machine-readable form, where Debian keeps them.
if(NOT WIN32)
  install(FILES ${PROJECT_SOURCE_DIR}/packaging/linux/copyright DESTINATION share/doc/peng)
endif()

# --- Windows (NSIS) --------------------------------------------------------------
set(CPACK_PACKAGE_INSTALL_DIRECTORY Peng)
set(CPACK_NSIS_DISPLAY_NAME Peng)
set(CPACK_NSIS_PACKAGE_NAME "Peng ${PROJECT_VERSION}")
set(CPACK_NSIS_MUI_ICON ${PROJECT_SOURCE_DIR}/packaging/windows/peng.ico)
set(CPACK_NSIS_MUI_UNIICON ${PROJECT_SOURCE_DIR}/packaging/windows/peng.ico)
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\peng-cli.exe")   # written once more into CPackConfig.cmake, hence four
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
# A 64-bit installer (Debian's NSIS has the amd64 stubs) for the 64-bit program: it
# also runs under a 64-bit-only wine, where the tests install it.
set(CPACK_NSIS_DEFINES "Target amd64-unicode")
# peng-cli is a command-line tool: offer to put it on PATH.
set(CPACK_NSIS_MODIFY_PATH ON)
# The installer's licence page: what is installed under which licence, that no MiMo
# weights are included, then Apache-2.0's full text (LICENSE), both kept beside the
# programs too.
set(PENG_LICENSE_NOTES ${PROJECT_SOURCE_DIR}/packaging/windows/license.txt)
file(READ ${PENG_LICENSE_NOTES} peng_license_notes)
file(READ ${PROJECT_SOURCE_DIR}/LICENSE peng_license_text)
file(WRITE ${CMAKE_BINARY_DIR}/installer-license.txt "${peng_license_notes}${peng_license_text}")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PENG_LICENSE_NOTES} ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_BINARY_DIR}/installer-license.txt)
if(WIN32)
  install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION share/doc/peng)
  install(FILES ${PENG_LICENSE_NOTES} DESTINATION share/doc/peng RENAME licences.txt)
endif()
if(TARGET peng)
  set(CPACK_PACKAGE_EXECUTABLES peng Peng)   # a Start-menu entry for the desktop app
  set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\peng.exe")
endif()
# The app's installer packs a folder filled with the Qt DLLs and QML modules
# (packaging/windows/build-mingw-app.sh, windows-app.yml), instead of the install rules.
set(PENG_WINDOWS_STAGE "" CACHE PATH "Windows: a staged install folder for CPack to pack as is")
if(WIN32 AND PENG_WINDOWS_STAGE)
  set(CPACK_INSTALL_CMAKE_PROJECTS "")
  set(CPACK_INSTALLED_DIRECTORIES "${PENG_WINDOWS_STAGE};.")
endif()

include(CPack)
