#include "distributed/input_split.hpp"
