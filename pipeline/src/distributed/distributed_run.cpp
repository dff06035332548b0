#include "fenbatch/pipeline/distributed_run.hpp"
