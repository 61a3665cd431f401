"""An agent of your own: tool calling with a house rule added to the policy. From this folder:
python -m taubench agent=custom agent._target_=my_agents.CarefulAgent model=gpt4o"""

from pydantic import BaseModel

from taubench import AssistantMessage, EpisodeContext, LLMClient, Message
from taubench.agents.tool_calling import system_prompt, to_chat, to_message


class CarefulAgent:
    uses_model = True  # taubench passes it the run's model (model=...) as `client`

    class Options(BaseModel):  # from the command line: +agent.house_rule="..."
        house_rule: str = "Before any change, read it back and wait for the customer's yes."

    def __init__(self, context: EpisodeContext, client: LLMClient, options: Options = Options()):
        self.context, self.client = context, client
        self.system = system_prompt(f"{context.policy}\n\n{options.house_rule}")

    def respond(self, trajectory: list[Message]) -> AssistantMessage:
        """Text for the customer, or tool calls that taubench executes and answers."""
        chat = [{"role": "system", "content": self.system}, *to_chat(trajectory)]
        reply = self.client.complete(chat, tools=self.context.tools, seed=self.context.seed, trial=self.context.trial)
        return to_message(reply)
