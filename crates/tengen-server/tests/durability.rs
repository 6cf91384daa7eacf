//! The durability test: the real `tengen serve` binary, killed with SIGKILL during play and
//! restarted on the same database, continues every game exactly where it was.
