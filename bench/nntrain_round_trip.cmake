# CTest nntrain_from_shipped_round_trip: xq-nntrain --from-shipped with no pass writes the shipped
# weights back unchanged, so refining starts exactly from what the engine plays (the fixed point
# survives the trip through floats). Only the generated header comment may differ.
execute_process(COMMAND ${TRAIN} --labels ${LABELS} --epochs 0 --holdout 0 --no-tempo --from-shipped
                        --cpp ${OUT}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "xq-nntrain failed (${rc})")
endif()
file(READ ${OUT} written)
file(READ ${SHIPPED} shipped)
foreach(var written shipped)
    string(FIND "${${var}}" "// clang-format off" at)
    if(at LESS 0)
        message(FATAL_ERROR "no weights in the ${var} file")
    endif()
    string(SUBSTRING "${${var}}" ${at} -1 ${var})
endforeach()
if(NOT written STREQUAL shipped)
    message(FATAL_ERROR "the weights written back differ from ${SHIPPED}")
endif()
