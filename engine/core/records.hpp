#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "core/schema.hpp"

namespace hl {

// One record: a value per field of its kind, in the schema's field order.
using Row = std::vector<Value>;

// Every record of a game, kind by kind as the pack's schema declares them. A record is found by
// its kind's index and a key: the place code (place scope), the empire's index in the game's
// sorted empire list (empire scope), 0 (game scope) or its id (collections). Rows are kept in
// key order, so every walk over them is deterministic.
class Records {
  public:
    // An empty store without a schema (a state that was never loaded).
    Records() = default;
    // An empty store for a schema; the game record exists from the start.
    explicit Records(std::shared_ptr<const Schema> schema);
    // True once a schema is set.
    bool has_schema() const { return schema_ != nullptr; }
    // The schema; the store must have one.
    const Schema& schema() const { return *schema_; }
    // The schema as shared by every copy of the state.
    const std::shared_ptr<const Schema>& schema_ptr() const { return schema_; }
    // Every row of a kind, by key.
    const std::map<std::int64_t, Row>& rows(int kind) const { return tables_.at(idx(kind)).rows; }
    // The row of a record, or nullptr if there is none.
    const Row* find(int kind, std::int64_t key) const;
    // The row of a record, or the kind's initial values when there is none.
    const Row& row_or_initial(int kind, std::int64_t key) const;
    // The row of a record, created with the initial values if missing.
    Row& row(int kind, std::int64_t key);
    // Adds a record to a collection and returns its new id.
    std::int64_t create(int kind);
    // Removes a record; false if there was none.
    bool erase(int kind, std::int64_t key);
    // The id the next created record of a collection gets.
    std::int64_t next_id(int kind) const { return tables_.at(idx(kind)).next_id; }
    // Sets the next id of a collection (loading a state); ids never go back.
    void set_next_id(int kind, std::int64_t id);
    // Moves every record of a kind whose key is at least `from` one key up (an empire added in
    // code order before others).
    void shift_up(int kind, std::int64_t from);
    // Drops place records that hold only initial values.
    void normalise();
    // Keys (in order) of the records of a kind whose single-value field holds v; an index is
    // built on first use and kept until a record of the kind may have changed. Safe to call from
    // several threads at once while nothing changes the records.
    std::vector<std::int64_t> keys_where(int kind, int field, const Value& v) const;
    // Equal when every kind holds the same rows and next ids.
    bool operator==(const Records& o) const;

  private:
    struct Table {
        std::map<std::int64_t, Row> rows;
        std::int64_t next_id = 1;
        bool operator==(const Table&) const = default;
    };
    static std::size_t idx(int kind) { return static_cast<std::size_t>(kind); }
    std::shared_ptr<const Schema> schema_;
    std::vector<Table> tables_;
    // An index of one field's values, valid while its kind's version is unchanged.
    struct Index {
        std::uint64_t version = ~std::uint64_t{0};
        std::map<std::int64_t, std::vector<std::int64_t>> ints;
        std::map<std::string, std::vector<std::int64_t>> texts;
    };
    // The indexes by (kind, field) with the lock that guards them; a copy of the store starts
    // with none (it shares no lock, and reads nothing another thread may be building).
    struct IndexCache {
        std::mutex mutex;
        std::map<std::pair<int, int>, Index> indexes;
        IndexCache() = default;
        IndexCache(const IndexCache&) {}
        IndexCache& operator=(const IndexCache&) { return *this; }
    };
    void touch(int kind);
    std::vector<std::uint64_t> versions_;  // per kind, bumped on writes
    mutable IndexCache index_cache_;
    std::vector<Row> initial_;  // per kind
};

}  // namespace hl
