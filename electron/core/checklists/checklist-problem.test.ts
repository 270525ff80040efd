import { describe, expect, it } from 'vitest';
import { composeProblem, KIND_ANSWER_FORMS } from '../../../shared/checklist-problem.ts';
import { CHECKLIST_LIMITS } from '../../../shared/checklist-limits.ts';
import { MAX_QUESTION_CHARS } from '../../../shared/limits.ts';
import { fillFinalPrompt, fillMemoryPrompt, TEMPLATE } from '../agent/templates.ts';
import { CHECKLIST_TEMPLATES } from './checklist-templates.ts';

describe('the problem slot of a checklist question', () => {
  it('is the question, a blank line, the guidance, and the kind’s answer form', () => {
    expect(
      composeProblem({
        text: 'Which law governs the agreement?',
        kind: 'text',
        guidance: 'The law of a country or state, not the place of the courts.',
      }),
    ).toBe(
      'Which law governs the agreement?\n\nThe law of a country or state, not the place of the courts.\nAnswer briefly, or Not stated if the document does not say.',
    );
    expect(composeProblem({ text: '  Is the agreement mutual? ', kind: 'yes_no' })).toBe(
      'Is the agreement mutual?\n\nAnswer Yes, No or Not stated.',
    );
  });

  it('changes only the problem in the prompts the models were trained on', () => {
    const problem = composeProblem({ text: 'How long is the initial term?', kind: 'duration' });
    const prompt = fillMemoryPrompt(problem, 'No previous memory', 'The term is two years.');
    expect(prompt).toBe(
      TEMPLATE.replace('{prompt}', problem)
        .replace('{memory}', 'No previous memory')
        .replace('{chunk}', 'The term is two years.'),
    );
    expect(prompt).toContain(
      '<problem> \nHow long is the initial term?\n\nAnswer with the length of time (for example 12 months), or Not stated.\n</problem>',
    );
    expect(fillFinalPrompt('boxed', problem, 'memory')).toContain(
      `<problem> \n${problem}\n</problem>`,
    );
  });

  it('fits a run’s question limit at the longest a checklist allows', () => {
    const longestForm = Math.max(...Object.values(KIND_ANSWER_FORMS).map((f) => f.length));
    const problem = composeProblem({
      text: 'Q'.repeat(CHECKLIST_LIMITS.questionChars),
      kind: 'text',
      guidance: 'G'.repeat(CHECKLIST_LIMITS.guidanceChars),
    });
    expect(problem.length).toBeLessThanOrEqual(
      CHECKLIST_LIMITS.questionChars + CHECKLIST_LIMITS.guidanceChars + longestForm + 3,
    );
    expect(problem.length).toBeLessThanOrEqual(MAX_QUESTION_CHARS);
  });

  it('gives every shipped question a problem that ends with its answer form', () => {
    for (const template of CHECKLIST_TEMPLATES) {
      expect(template.questions.length, template.name).toBeGreaterThanOrEqual(8);
      expect(template.questions.length, template.name).toBeLessThanOrEqual(15);
      for (const question of template.questions)
        expect(composeProblem(question).endsWith(KIND_ANSWER_FORMS[question.kind])).toBe(true);
    }
  });
});
