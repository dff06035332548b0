#include "distributed/distributed_dedupe.hpp"

// Stand-in until the exchange lands.
