// The checklist side of the Checklists screen's calls: reading a checklist file, writing one,
// and the shipped templates (electron/core/checklists).
export { readChecklistFile } from '../checklists/checklist-file.ts';
export { writeChecklist } from '../checklists/checklist-formats.ts';
export { CHECKLIST_TEMPLATES } from '../checklists/checklist-templates.ts';
