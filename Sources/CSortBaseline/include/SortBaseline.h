// The deals benchmark's yardstick: C++ std::sort of N 40-byte deal records by price (ties by
// id), as the acceptance check has always measured it (docs/benchmarks.md).
#ifndef ALMANAC_SORT_BASELINE_H
#define ALMANAC_SORT_BASELINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Copies `count` deals (their ids, times, prices and amounts) into 40-byte records, sorts them
/// by price then id with std::sort, and returns the seconds the sort took (not the copy).
double almanac_sort_baseline(const int64_t *ids, const double *times, const double *prices, const double *amounts, size_t count);

#ifdef __cplusplus
}
#endif

#endif
