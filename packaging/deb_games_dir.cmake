# CPack runs this after installing into its staging directory and before it builds the .deb.
# Debian keeps the programs of a package in section "games" in /usr/games (Debian Policy 11.11;
# lintian: package-section-games-but-contains-no-game), while a plain cmake --install puts them
# into bin/, where PATH finds them. Both are one level below the prefix, so the programs still
# find their assets at ../share/xiangqi.
set(staging "${CPACK_TEMPORARY_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}")
if(NOT IS_DIRECTORY "${staging}/bin")
    message(FATAL_ERROR "no ${staging}/bin to move to games/")
endif()
file(RENAME "${staging}/bin" "${staging}/games")
