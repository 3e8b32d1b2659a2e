#include "core/records.hpp"

#include <stdexcept>

namespace hl {

Records::Records(std::shared_ptr<const Schema> schema) : schema_(std::move(schema)) {
    tables_.resize(schema_->kinds.size());
    versions_.assign(schema_->kinds.size(), 0);
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

void Records::touch(int kind) {
    ++versions_.at(idx(kind));
}

std::vector<std::int64_t> Records::keys_where(int kind, int field, const Value& v) const {
    std::lock_guard<std::mutex> lock(index_cache_.mutex);
    Index& ix = index_cache_.indexes[{kind, field}];
    if (ix.version != versions_.at(idx(kind))) {
        ix.ints.clear();
        ix.texts.clear();
        for (const auto& [key, row] : tables_.at(idx(kind)).rows) {
            const Value& x = row[static_cast<std::size_t>(field)];
            if (const auto* i = std::get_if<std::int64_t>(&x))
                ix.ints[*i].push_back(key);
            else if (const auto* t = std::get_if<std::string>(&x))
                ix.texts[*t].push_back(key);
        }
        ix.version = versions_.at(idx(kind));
    }
    if (const auto* i = std::get_if<std::int64_t>(&v)) {
        auto it = ix.ints.find(*i);
        return it == ix.ints.end() ? std::vector<std::int64_t>{} : it->second;
    }
    if (const auto* t = std::get_if<std::string>(&v)) {
        auto it = ix.texts.find(*t);
        return it == ix.texts.end() ? std::vector<std::int64_t>{} : it->second;
    }
    return {};
}

Row& Records::row(int kind, std::int64_t key) {
    touch(kind);
    auto& rows = tables_.at(idx(kind)).rows;
    auto it = rows.find(key);
    if (it != rows.end()) return it->second;
    Table& t = tables_[idx(kind)];
    if (schema_->kinds[idx(kind)].scope == RecordScope::collection && key >= t.next_id)
        t.next_id = key + 1;
    return rows.emplace(key, initial_[idx(kind)]).first->second;
}

std::int64_t Records::create(int kind) {
    touch(kind);
    Table& t = tables_.at(idx(kind));
    if (schema_->kinds[idx(kind)].scope != RecordScope::collection)
        throw std::logic_error("Records::create: not a collection");
    std::int64_t id = t.next_id++;
    t.rows.emplace(id, initial_[idx(kind)]);
    return id;
}

bool Records::erase(int kind, std::int64_t key) {
    touch(kind);
    return tables_.at(idx(kind)).rows.erase(key) > 0;
}

void Records::set_next_id(int kind, std::int64_t id) {
    Table& t = tables_.at(idx(kind));
    if (id > t.next_id) t.next_id = id;
}

void Records::shift_up(int kind, std::int64_t from) {
    touch(kind);
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
        touch(static_cast<int>(k));
        for (auto it = rows.begin(); it != rows.end();)
            it = it->second == initial_[k] ? rows.erase(it) : std::next(it);
    }
}

bool Records::operator==(const Records& o) const {
    return tables_ == o.tables_;
}

}  // namespace hl
