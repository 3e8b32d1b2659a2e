#include "core/records.hpp"

#include <stdexcept>

namespace hl {

Records::Records(std::shared_ptr<const Schema> schema) : schema_(std::move(schema)) {
    tables_.resize(schema_->kinds.size());
    for (std::size_t k = 0; k < schema_->kinds.size(); ++k) {
        initial_.push_back(schema_->kinds[k].initial_row());
        if (schema_->kinds[k].scope == RecordScope::game) tables_[k].rows[0] = initial_[k];
    }
}

const Row* Records::find(int kind, std::int64_t key) const {
    const auto& rows = tables_.at(idx(kind)).rows;
    auto it = rows.find(key);
    return it == rows.end() ? nullptr : &it->second;
}

const Row& Records::row_or_initial(int kind, std::int64_t key) const {
    const Row* r = find(kind, key);
    return r ? *r : initial_.at(idx(kind));
}

Row& Records::row(int kind, std::int64_t key) {
    auto& rows = tables_.at(idx(kind)).rows;
    auto it = rows.find(key);
    if (it != rows.end()) return it->second;
    Table& t = tables_[idx(kind)];
    if (schema_->kinds[idx(kind)].scope == RecordScope::collection && key >= t.next_id)
        t.next_id = key + 1;
    return rows.emplace(key, initial_[idx(kind)]).first->second;
}

std::int64_t Records::create(int kind) {
    Table& t = tables_.at(idx(kind));
    if (schema_->kinds[idx(kind)].scope != RecordScope::collection)
        throw std::logic_error("Records::create: not a collection");
    std::int64_t id = t.next_id++;
    t.rows.emplace(id, initial_[idx(kind)]);
    return id;
}

bool Records::erase(int kind, std::int64_t key) {
    return tables_.at(idx(kind)).rows.erase(key) > 0;
}

void Records::set_next_id(int kind, std::int64_t id) {
    Table& t = tables_.at(idx(kind));
    if (id > t.next_id) t.next_id = id;
}

void Records::shift_up(int kind, std::int64_t from) {
    auto& rows = tables_.at(idx(kind)).rows;
    std::map<std::int64_t, Row> moved;
    for (auto& [key, row] : rows)
        moved.emplace(key >= from ? key + 1 : key, std::move(row));
    rows = std::move(moved);
}

void Records::normalise() {
    if (!schema_) return;
    for (std::size_t k = 0; k < tables_.size(); ++k) {
        if (schema_->kinds[k].scope != RecordScope::place) continue;
        auto& rows = tables_[k].rows;
        for (auto it = rows.begin(); it != rows.end();)
            it = it->second == initial_[k] ? rows.erase(it) : std::next(it);
    }
}

bool Records::operator==(const Records& o) const {
    return tables_ == o.tables_;
}

}  // namespace hl
