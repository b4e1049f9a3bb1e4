// Screens draw into PushSimCanvas's grid; every importer of the screens gets those cell types with them.

@_exported import PushSimCanvas
