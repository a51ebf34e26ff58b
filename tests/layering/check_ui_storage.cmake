# Scans the windows and the command-line tool (app/) for the collection's storage: an #include of
# deck/storage/ (database.h, schema.h, access.h) or sqlite3.h, a call of Collection::database()
# (private since the storage door, deck/storage/access.h) or of deck::storage::of. They read and
# write through deck::Collection's methods only.
set(offenders "")
file(GLOB_RECURSE files ${SOURCE_DIR}/app/*.h ${SOURCE_DIR}/app/*.cpp)
foreach(f ${files})
  file(STRINGS ${f} lines REGEX "(#[ \t]*include[ \t]*[<\"](deck/storage/[a-z_]+\\.h|sqlite3\\.h))|([.>]database\\(\\))|(storage::(of|Access))")
  if(lines)
    list(APPEND offenders "${f}: ${lines}")
  endif()
endforeach()
if(offenders)
  list(JOIN offenders "\n" text)
  message(FATAL_ERROR "storage used outside deck/:\n${text}")
endif()
message(STATUS "app/ reaches the collection through its methods only")
