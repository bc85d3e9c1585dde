//! Checks that need no bot and no Discord, in one test binary: the deployment kit and the player
//! rules pages against the code, the language catalogues, and the fuzz targets of every parser
//! of outside input.

mod catalogue;
mod deploy;
mod docs;
mod fuzz;
mod i18n;
