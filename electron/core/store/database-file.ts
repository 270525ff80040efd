// The library file's name alone, for code that only locates the library (the CLI's argument
// parsing) and must not load SQLite to do so.

/** File name of the library database inside the data folder. */
export const DATABASE_FILE = 'memagent.db';
