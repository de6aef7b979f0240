# wg_embed(SYMBOL FILE OUT_VAR): an assembly source that embeds FILE (usually built by a custom
# command) in the program as read-only data: the symbols wg_SYMBOL_data (the bytes, followed by
# a NUL that is not counted) and wg_SYMBOL_size (a uint64 count). Sets OUT_VAR to the source, to
# add to a library; the source is rebuilt when FILE changes.
function(wg_embed symbol file out_var)
  set(WG_EMBED_SYMBOL ${symbol})
  set(WG_EMBED_FILE ${file})
  set(source ${CMAKE_CURRENT_BINARY_DIR}/${symbol}_data.S)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/embed.S.in ${source} @ONLY)
  set_source_files_properties(${source} PROPERTIES OBJECT_DEPENDS ${file})
  set(${out_var} ${source} PARENT_SCOPE)
endfunction()
