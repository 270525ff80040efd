// The window widths where screens change their layout, for the code that folds what CSS cannot
// (the breakpoints of styles/small-windows.css and styles/source-panel.css).

/** Windows up to this width lay the Ask screen and the Reader out for small windows. */
export const NARROW_WINDOW = '(max-width: 1100px)';
/** A window this wide has room for the Ask screen's questions and two columns beside them. */
export const ROOMY_WINDOW = '(min-width: 75rem)';
