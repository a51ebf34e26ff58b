#pragma once
// The one way from a Collection to its storage, for the deck library's own files (interviews,
// mock sessions, progress import) and for tests. The app never includes it: the layering test
// rejects any deck/storage header under app/.

#include "deck/collection.h"
#include "deck/storage/database.h"

namespace deck::storage {

struct Access {
    static Database& of(Collection& collection) { return collection.database(); }
};

/// The database under `collection`.
inline Database& of(Collection& collection)
{
    return Access::of(collection);
}

}  // namespace deck::storage
