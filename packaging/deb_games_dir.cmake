# CPack runs this after installing into its staging directory and before it builds the .deb.
# Debian keeps the programs of a package in section "games" in /usr/games (Debian Policy 11.11;
# lintian: package-section-games-but-contains-no-game), while a plain cmake --install puts them
# into bin/, where PATH finds them. Both are one level below the prefix, so the programs still
# find their assets at ../share/xiangqi.
# It also does what dh_strip and dh_installdocs would: drops the .comment and .note sections
# that CPack's strip leaves (lintian: binary-has-unneeded-section), moves the fonts' licence to
# the documentation with a link where the OFL wants it (beside the fonts), and installs the
# lintian overrides (packaging/debian/lintian-overrides says why each is one).
set(staging "${CPACK_TEMPORARY_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}")
if(NOT IS_DIRECTORY "${staging}/bin")
    message(FATAL_ERROR "no ${staging}/bin to move to games/")
endif()
file(RENAME "${staging}/bin" "${staging}/games")

file(GLOB programs "${staging}/games/*")
foreach(program ${programs})
    execute_process(COMMAND "${CPACK_XQ_STRIP}" --remove-section=.comment --remove-section=.note
                            --strip-unneeded "${program}"
                    RESULT_VARIABLE failed)
    if(failed)
        message(FATAL_ERROR "cannot strip ${program}")
    endif()
endforeach()

set(fonts "${staging}/share/xiangqi/fonts")
set(doc "${staging}/share/doc/xiangqi")
if(EXISTS "${fonts}/OFL.txt")
    file(RENAME "${fonts}/OFL.txt" "${doc}/OFL-fonts.txt")
    file(CREATE_LINK ../../doc/xiangqi/OFL-fonts.txt "${fonts}/OFL.txt" SYMBOLIC)
endif()

file(MAKE_DIRECTORY "${staging}/share/lintian/overrides")
configure_file("${CPACK_XQ_PACKAGING_DIR}/debian/lintian-overrides"
               "${staging}/share/lintian/overrides/xiangqi" COPYONLY)
file(CHMOD "${staging}/share/lintian/overrides/xiangqi"
     PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
