// Whether the Ask screen's questions column is folded away while a view that needs the width is
// open (two memories compared, the source beside the answer). One flag for both, so their
// "Show the questions" buttons agree; the column comes back by itself when neither is open
// (styles/small-windows.css). Set by components/ask/questions-fold.tsx.
import { create } from 'zustand';

export interface QuestionsFoldState {
  folded: boolean;
  setFolded(folded: boolean): void;
}

export const useQuestionsFoldStore = create<QuestionsFoldState>((set) => ({
  folded: false,
  setFolded: (folded) => set({ folded }),
}));
