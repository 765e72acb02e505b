// Gatsby's loader is absent outside a Gatsby runtime; Link expects these globals.
global.___loader = { enqueue: jest.fn() };
