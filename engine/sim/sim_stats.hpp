#pragma once

#include <string>
#include <vector>

namespace hl {

// A mean and its 95% confidence interval [lo, hi] (Student's t); with fewer than two values
// the interval is unknown (has_interval() is false).
struct Estimate {
    double mean = 0.0;
    double lo = 0.0;
    double hi = 0.0;
    int n = 0;
    // True if there were at least two values.
    bool has_interval() const { return n >= 2; }
    // Half the interval's width.
    double half_width() const { return (hi - lo) / 2.0; }
};

// The 97.5% quantile of Student's t distribution with df degrees of freedom (df >= 1): exact
// table values up to 30, then the Cornish-Fisher expansion (error below 1e-4).
double t_quantile_975(int df);

// The mean of values with its 95% confidence interval.
Estimate estimate_mean(const std::vector<double>& values);

// The mean of the paired differences b[i] - a[i] with its 95% confidence interval (the two
// lists must have the same length: the same seeds under two packs, say).
Estimate paired_difference(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace hl
