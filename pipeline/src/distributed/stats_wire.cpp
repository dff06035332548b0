#include "distributed/stats_wire.hpp"
