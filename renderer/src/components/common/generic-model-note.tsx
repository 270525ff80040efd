// The MemAgent paper shows untrained models losing much accuracy on long inputs: say so.
export function isMemAgentModel(model: string | undefined): boolean {
  return model !== undefined && /rl-memoryagent/i.test(model);
}

export function GenericModelNote(props: { model: string | undefined }) {
  if (isMemAgentModel(props.model)) return null;
  return (
    <p className="note" role="note">
      {props.model ? `“${props.model}” is not an RL-MemoryAgent model.` : 'No model is set; the server’s first model will be used.'} MemAgent works with any chat
      model, but the RL-trained RL-MemoryAgent-14B/7B keep their accuracy on long documents where generic models fall (46% against 95% in the
      paper at 512K tokens).
    </p>
  );
}
