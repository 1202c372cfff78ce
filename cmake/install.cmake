# Install rules (cmake --install build --prefix P) and the Debian package (cpack -G DEB in the
# build directory, or the "package" target). Layout under the prefix:
#   bin/xiangqi, bin/xiangqi-engine,               the programs (no build path inside; the .deb
#   bin/xiangqi-match, bin/xiangqi-convert, bin/xiangqi-egtb
#                                                  has them in /usr/games, as Debian wants)
#   share/xiangqi/                                 the assets; the programs look for them at
#                                                  ../share/xiangqi beside themselves
#   share/applications/<app id>.desktop            the menu entry
#   share/icons/hicolor/{scalable,NxN}/apps/       the icon (packaging/icons/make_icons.py)
#   share/metainfo/<app id>.metainfo.xml           AppStream metainfo
#   share/man/man6/xiangqi.6.gz, xiangqi-engine.6.gz, xiangqi-match.6.gz, xiangqi-convert.6.gz,
#                  xiangqi-egtb.6.gz
#   share/doc/xiangqi/                             copyright, changelog, the assets' origins
# The packaging sources are in packaging/; tests/install/install_test.py checks the result.

# The project's address and the application ID that AppStream and the desktop entry share. There
# is no public repository yet: this address is a placeholder, and the ID (reverse domain name,
# which appstreamcli validate requires) is derived from it. Set both once the project has a home.
set(XQ_REPOSITORY_URL "https://github.com/xiangqi-desktop/xiangqi" CACHE STRING
    "The project's public repository (homepage and screenshot address in the metainfo)")
set(XQ_APP_ID "io.github.xiangqi_desktop.xiangqi" CACHE STRING
    "Desktop entry, icon and AppStream ID")
set(XQ_MAINTAINER "The Xiangqi developers <xiangqi@example.org>" CACHE STRING
    "Maintainer field of the Debian package")

set(XQ_DEB_RELEASE 1)
set(XQ_DEB_VERSION ${PROJECT_VERSION}-${XQ_DEB_RELEASE})
set(xq_pkg ${PROJECT_SOURCE_DIR}/packaging)
set(xq_out ${PROJECT_BINARY_DIR}/packaging)

# Directories that install creates get these permissions whatever the umask (Debian: 0755).
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
    GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

# The programs, hardened as Debian builds its packages (dpkg-buildflags; lintian:
# hardening-no-bindnow, hardening-no-fortify-functions): full RELRO with immediate binding, and
# _FORTIFY_SOURCE in the programs' front ends (the game, the engine link, the match, convert and
# endgame table programs with the tables' library; not the search, whose speed the benchmarks
# measure) where the compiler optimises (it needs -O1 or more). Not with sanitizers, which replace
# the checked functions themselves.
if(NOT XQ_SANITIZE)
    foreach(target xiangqi xiangqi-engine xiangqi-egtb xiangqi-match xiangqi-convert)
        if(TARGET ${target})
            target_link_options(${target} PRIVATE -Wl,-z,relro -Wl,-z,now)
        endif()
    endforeach()
    foreach(target xiangqi xq_gui xq_gui_model xq_enginelink xq_match xiangqi-match xiangqi-convert
            xiangqi-egtb xq_egtb)
        if(TARGET ${target})
            target_compile_definitions(${target} PRIVATE
                $<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:_FORTIFY_SOURCE=2>)
        endif()
    endforeach()
endif()
install(TARGETS xiangqi-engine RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS xiangqi-match RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS xiangqi-convert RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS xiangqi-egtb RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET xiangqi)
    install(TARGETS xiangqi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# The assets. Their README (origins and licences) goes to the documentation; charset.txt is only
# an input of tools/assets/make_fonts.sh. fonts/OFL.txt stays beside the fonts, as the OFL asks.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/ DESTINATION ${XQ_INSTALL_ASSETSDIR}
    PATTERN README.md EXCLUDE
    PATTERN charset.txt EXCLUDE)

# Configured text files: the desktop entry, the metainfo, the man pages, the Debian copyright
# and changelog.
configure_file(${xq_pkg}/xiangqi.desktop.in ${xq_out}/${XQ_APP_ID}.desktop @ONLY)
configure_file(${xq_pkg}/xiangqi.metainfo.xml.in ${xq_out}/${XQ_APP_ID}.metainfo.xml @ONLY)
configure_file(${xq_pkg}/debian/copyright.in ${xq_out}/copyright @ONLY)
configure_file(${xq_pkg}/debian/changelog.in ${xq_out}/changelog.Debian @ONLY)
configure_file(${xq_pkg}/man/xiangqi.6.in ${xq_out}/xiangqi.6 @ONLY)
configure_file(${xq_pkg}/man/xiangqi-engine.6.in ${xq_out}/xiangqi-engine.6 @ONLY)
configure_file(${xq_pkg}/man/xiangqi-match.6.in ${xq_out}/xiangqi-match.6 @ONLY)
configure_file(${xq_pkg}/man/xiangqi-convert.6.in ${xq_out}/xiangqi-convert.6 @ONLY)
configure_file(${xq_pkg}/man/xiangqi-egtb.6.in ${xq_out}/xiangqi-egtb.6 @ONLY)

# Man pages and the changelog are installed compressed, without a name or time stamp in the gzip
# header (-n), so the package is the same on every build.
find_program(XQ_GZIP gzip REQUIRED)
set(xq_gzipped)
foreach(name xiangqi.6 xiangqi-engine.6 xiangqi-match.6 xiangqi-convert.6 xiangqi-egtb.6
        changelog.Debian)
    add_custom_command(OUTPUT ${xq_out}/${name}.gz
        COMMAND ${XQ_GZIP} -9nkf ${xq_out}/${name}
        DEPENDS ${xq_out}/${name}
        COMMENT "Compressing ${name}" VERBATIM)
    list(APPEND xq_gzipped ${xq_out}/${name}.gz)
endforeach()
add_custom_target(xq_packaging_files ALL DEPENDS ${xq_gzipped})

if(TARGET xiangqi)
    install(FILES ${xq_out}/${XQ_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
    install(FILES ${xq_out}/${XQ_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
    install(FILES ${xq_pkg}/icons/xiangqi.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${XQ_APP_ID}.svg)
    foreach(size 16 22 24 32 48 64 128 256)
        install(FILES ${xq_pkg}/icons/${size}x${size}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps
            RENAME ${XQ_APP_ID}.png)
    endforeach()
    install(FILES ${xq_out}/xiangqi.6.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
endif()
install(FILES ${xq_out}/xiangqi-engine.6.gz ${xq_out}/xiangqi-match.6.gz
    ${xq_out}/xiangqi-convert.6.gz ${xq_out}/xiangqi-egtb.6.gz
    DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
install(FILES ${xq_out}/copyright ${xq_out}/changelog.Debian.gz
    DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/assets/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR}
    RENAME README.assets.md)

# The Debian package: xiangqi_<version>-<release>_<arch>.deb.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME xiangqi)
set(CPACK_PACKAGE_VENDOR "The Xiangqi developers")
set(CPACK_PACKAGE_CONTACT "${XQ_MAINTAINER}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Chinese chess (xiangqi) game against the computer")
# Debian wants the extended description in lines of under 80 characters: they are kept here.
set(CPACK_PACKAGE_DESCRIPTION [=[
Xiangqi is a desktop game of Chinese chess. Play Red or Black against the
computer at the search depth or time per move you choose, let it play
itself, or let two people play on one board. Take moves back, ask for hints,
review finished games with the engine, solve 72 mate puzzles, edit positions
and keep games as PGN. English and Simplified Chinese.

The package also contains xiangqi-engine, a UCI engine for other xiangqi
interfaces; xiangqi-match, which plays engines against each other and
judges perpetual check and chase; and xiangqi-convert, which turns XQF,
CBR/CBL, CBF, DhtmlXQ and WXF game files into PGN or XQF.]=])
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE ${XQ_DEB_RELEASE})
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${XQ_REPOSITORY_URL}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${XQ_MAINTAINER}")
# Depends from the libraries the programs link (SFML 2.5, spdlog, fmt, libsqlite3 for the games
# database, libstdc++...), found by dpkg-shlibdeps (Debian package dpkg-dev).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# The programs move from /usr/bin to /usr/games in the package only; the script also strips
# what dh_strip would and installs the lintian overrides.
set(CPACK_PRE_BUILD_SCRIPTS ${xq_pkg}/deb_games_dir.cmake)
set(CPACK_XQ_STRIP "${CMAKE_STRIP}")
set(CPACK_XQ_PACKAGING_DIR "${xq_pkg}")
# No source package target.
set(CPACK_SOURCE_GENERATOR "")
include(CPack)
