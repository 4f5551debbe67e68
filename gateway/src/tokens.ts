export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
