// The deals benchmark's yardstick (SortBaseline.h): std::sort of 40-byte records by price.
#include "SortBaseline.h"

#include <algorithm>
#include <chrono>
#include <vector>

namespace {
struct Record {  // 40 bytes, as the acceptance check's records
    int64_t id;
    double time;
    double price;
    double amount;
    uint16_t instrument;
    uint8_t side;
};
static_assert(sizeof(Record) == 40, "a deal record is 40 bytes");
}  // namespace

double almanac_sort_baseline(const int64_t *ids, const double *times, const double *prices, const double *amounts, size_t count) {
    std::vector<Record> records(count);
    for (size_t i = 0; i < count; i++) {
        records[i] = Record{ids[i], times[i], prices[i], amounts[i], static_cast<uint16_t>(i % 20), static_cast<uint8_t>(i & 1)};
    }
    auto start = std::chrono::steady_clock::now();
    std::sort(records.begin(), records.end(), [](const Record &a, const Record &b) {
        return a.price != b.price ? a.price < b.price : a.id < b.id;
    });
    auto end = std::chrono::steady_clock::now();
    volatile int64_t sink = records.empty() ? 0 : records.front().id;  // keeps the sort
    (void)sink;
    return std::chrono::duration<double>(end - start).count();
}
