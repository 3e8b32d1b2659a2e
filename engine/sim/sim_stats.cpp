#include "sim/sim_stats.hpp"

#include <cmath>
#include <stdexcept>

namespace hl {

double t_quantile_975(int df) {
    if (df < 1) throw std::invalid_argument("t quantile: degrees of freedom must be >= 1");
    static const double table[] = {12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060,
                                   2.2622,  2.2281, 2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199,
                                   2.1098,  2.1009, 2.0930, 2.0860, 2.0796, 2.0739, 2.0687, 2.0639,
                                   2.0595,  2.0555, 2.0518, 2.0484, 2.0452, 2.0423};
    if (df <= 30) return table[df - 1];
    const double z = 1.959963985;
    const double n = df;
    const double z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;
    return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n);
}

Estimate estimate_mean(const std::vector<double>& values) {
    Estimate e;
    e.n = static_cast<int>(values.size());
    if (e.n == 0) return e;
    double sum = 0.0;
    for (double v : values)
        sum += v;
    e.mean = sum / e.n;
    e.lo = e.hi = e.mean;
    if (e.n < 2) return e;
    double ss = 0.0;
    for (double v : values)
        ss += (v - e.mean) * (v - e.mean);
    double se = std::sqrt(ss / (e.n - 1) / e.n);
    double h = t_quantile_975(e.n - 1) * se;
    e.lo = e.mean - h;
    e.hi = e.mean + h;
    return e;
}

Estimate paired_difference(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size())
        throw std::invalid_argument("paired difference: the lists differ in length");
    std::vector<double> d(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        d[i] = b[i] - a[i];
    return estimate_mean(d);
}

}  // namespace hl
