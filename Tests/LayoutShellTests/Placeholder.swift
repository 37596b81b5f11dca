// Placeholder so the package resolves while this module is being written.
