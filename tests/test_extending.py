"""Strategies and domains of your own, without forking: a class named in the config
(``agent._target_``), and names other packages advertise through entry points. Each runs
from the command line the way README's "Extending" shows, in a folder holding the code."""

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import run_cli
from hydra import compose, initialize_config_module
from omegaconf import OmegaConf

from taubench.execution.preflight import strategy_options
from taubench.execution.settings import ConfigError, parse_settings
from taubench.integrations.http_api.policy import RequestError, check_overrides
from taubench.testing.scripted_server import ScriptedServer

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "my_agents.py"
NO_TRACKING = ("tracking.enabled=false", "progress=false")

GREETER = '''
from pydantic import BaseModel

from taubench import UserMessage


class Greeter:
    """Opens with its greeting and ends the conversation once the agent has answered."""

    class Options(BaseModel):
        greeting: str = "Hello"

    def __init__(self, context, options=Options()):
        self.greeting, self.greeted = options.greeting, False

    def respond(self, trajectory):
        reply, self.greeted = ("###STOP###" if self.greeted else self.greeting), True
        return UserMessage(content=reply)
'''

# an installed distribution, as pip leaves it: its code and a dist-info naming its entry points
ENTRY_POINTS = """
[taubench.agents]
careful = my_agents:CarefulAgent
broken = not_installed_anywhere:Agent
[taubench.users]
greeter = my_users:Greeter
[taubench.domains]
library = my_domains:LIBRARY
"""
MY_DOMAINS = """
from dataclasses import replace

from taubench.domains.mock import DOMAIN as MOCK

LIBRARY = replace(MOCK, name="library")  # the mock's tools and data under a name of its own
"""


def results(folder: Path) -> dict:
    (path,) = folder.rglob("results.json")
    return json.loads(path.read_text())


@pytest.fixture
def project(tmp_path) -> Path:
    """A folder with the README's example agent and a user of one's own beside it."""
    shutil.copy(EXAMPLE, tmp_path / "my_agents.py")
    (tmp_path / "my_users.py").write_text(GREETER)
    return tmp_path


def install_plugin(folder: Path) -> None:
    (folder / "my_domains.py").write_text(MY_DOMAINS)
    dist_info = folder / "my_plugin-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: my-plugin\nVersion: 1.0\n")
    (dist_info / "entry_points.txt").write_text(ENTRY_POINTS)


def test_the_example_agent_named_by_its_class_solves_tasks_with_its_option_in_the_prompt(project):
    with ScriptedServer(domains=["airline"]) as server:
        ran = run_cli(
            "env=airline",
            "task_ids=[0,1]",
            "agent=custom",
            "agent._target_=my_agents.CarefulAgent",
            "+agent.house_rule=Always be brief.",
            "model=scripted",
            f"provider.api_base={server.url}",
            *NO_TRACKING,
            cwd=project,
        )
        prompts = {request["messages"][0]["content"] for request in server.requests if request.get("tools")}
    assert ran.returncode == 0, ran.stderr
    document = results(project)
    assert document["config"]["agent"] == {
        "_target_": "my_agents.CarefulAgent",
        "name": "my_agents.CarefulAgent",
        "house_rule": "Always be brief.",
    }
    assert [episode["reward"] for episode in document["episodes"]] == [1.0, 1.0]
    assert prompts and all(prompt.endswith("Always be brief.\n</policy>") for prompt in prompts)


def test_a_user_of_ones_own_plays_the_customer_with_its_options(project):
    ran = run_cli(
        "env=airline",
        "task_ids=[0]",
        "agent=oracle",
        "user=custom",
        "user._target_=my_users.Greeter",
        "+user.greeting=Good morning",
        *NO_TRACKING,
        cwd=project,
    )
    assert ran.returncode == 0, ran.stderr
    (episode,) = results(project)["episodes"]
    said = [message["content"] for message in episode["messages"] if message["role"] == "user"]
    assert said == ["Good morning", "###STOP###"] and episode["reward"] == 1.0
    assert results(project)["config"]["user"]["name"] == "my_users.Greeter"


def test_names_an_installed_package_advertises_work_like_ours(project):
    install_plugin(project)
    with ScriptedServer(domains=["airline"]) as server:
        agent = run_cli(
            "env=airline",
            "task_ids=[0]",
            "agent=careful",
            "model=scripted",
            f"provider.api_base={server.url}",
            *NO_TRACKING,
            cwd=project,
        )
    assert agent.returncode == 0, agent.stderr
    assert results(project)["episodes"][0]["reward"] == 1.0
    shutil.rmtree(project / "outputs")
    domain = run_cli("env=library", "agent=oracle", "user=oracle", *NO_TRACKING, cwd=project)
    assert domain.returncode == 0, domain.stderr
    document = results(project)
    assert document["config"]["env"]["name"] == "library" and document["summary"]["average_reward"] == 1.0
    listed = run_cli("--help", cwd=project)
    assert "careful" in listed.stdout and "greeter" in listed.stdout


def test_a_broken_plugin_is_named_when_chosen_and_costs_no_other_run(project):
    install_plugin(project)
    broken = run_cli("env=airline", "agent=broken", *NO_TRACKING, cwd=project)
    assert broken.returncode != 0
    assert (
        "agent.name: agent 'broken' = 'not_installed_anywhere:Agent' (package my-plugin 1.0) cannot be loaded"
        in broken.stderr
    )
    assert "No module named 'not_installed_anywhere'" in broken.stderr and "Traceback" not in broken.stderr
    fine = run_cli("env=airline", "task_ids=[0]", "agent=oracle", "user=oracle", *NO_TRACKING, cwd=project)
    assert fine.returncode == 0, fine.stderr


def test_a_domain_that_cannot_be_loaded_is_left_out_of_listings_and_refused_when_chosen(tmp_path):
    """What lists every domain (so `make run`) and the scripted server's start leave it out,
    saying why in one line; a run, a card or a server that chooses it is refused, naming it."""
    dist_info = tmp_path / "broken_domains-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-domains\nVersion: 1.0\n")
    (dist_info / "entry_points.txt").write_text("[taubench.domains]\nbroken_desk = not_installed_anywhere:DOMAIN\n")
    why = (
        "domain 'broken_desk' = 'not_installed_anywhere:DOMAIN' (package broken-domains 1.0) cannot be loaded: "
        "ModuleNotFoundError: No module named 'not_installed_anywhere'"
    )
    for args in (["list"], ["list", "--self-contained", "--sep", ","]):
        listed = run_cli(*args, cwd=tmp_path, seed_store=False, module="taubench.domains")
        assert listed.returncode == 0 and "Traceback" not in listed.stderr, listed.stderr
        assert listed.stderr.splitlines() == [f"left out: {why}"]
        assert "mock" in re.split(r"[,\n]", listed.stdout) and "broken_desk" not in listed.stdout
    helped = run_cli("--help", cwd=tmp_path, seed_store=False, module="taubench.testing.scripted_server")
    assert helped.returncode == 0 and "Traceback" not in helped.stderr and "--domains" in helped.stdout, helped.stderr
    for chosen in (
        run_cli(
            "--domains",
            "broken_desk",
            "--port",
            "0",
            cwd=tmp_path,
            seed_store=False,
            module="taubench.testing.scripted_server",
        ),
        run_cli("check", "broken_desk", cwd=tmp_path, seed_store=False, module="taubench.domains"),
        run_cli("env=broken_desk", "agent=oracle", "user=oracle", *NO_TRACKING, cwd=tmp_path),
    ):
        assert chosen.returncode != 0 and why in chosen.stderr and "Traceback" not in chosen.stderr, chosen.stderr
    fine = run_cli("env=mock", "task_ids=[0]", "agent=oracle", "user=oracle", *NO_TRACKING, cwd=tmp_path)
    assert fine.returncode == 0, fine.stderr


@pytest.mark.parametrize(
    "overrides, expected",
    [
        (["agent=custom"], "agent.name: agent=custom runs your own class: give it as agent._target_=<module>.<Class>"),
        (
            ["agent=custom", "agent._target_=my_agent.Missing"],
            "agent._target_: cannot import 'my_agent' (No module named 'my_agent')",
        ),
        (["agent=custom", "agent._target_=my_agents.Nothing"], "agent._target_: module 'my_agents' has no 'Nothing'"),
        (
            ["agent=custom", "agent._target_=json.dumps"],
            "agent._target_: 'json.dumps' is not a class with a respond(trajectory) method",
        ),
        (["agent=custom", "agent._target_=my agents"], "agent._target_: 'my agents' is not an import path"),
        (
            ["+agent._target_=my_agents.CarefulAgent"],
            "agent.name: 'tool_calling' is one of ours, so it cannot label your class",
        ),
        (
            ["agent=custom", "agent._target_=my_agents.CarefulAgent", "+agent.house_rules=x"],
            "agent.house_rules: not a known setting (check the spelling); "
            "agent 'my_agents.CarefulAgent' takes: house_rule",
        ),
    ],
)
def test_a_class_that_cannot_run_is_refused_before_anything_runs_naming_the_key(
    project, overrides, expected, monkeypatch
):
    monkeypatch.syspath_prepend(str(project))
    with pytest.raises(ConfigError) as refused:
        with initialize_config_module(config_module="taubench.conf", version_base="1.3"):
            config = OmegaConf.to_container(
                compose(config_name="config", overrides=["env=airline", "model=gpt4o", *overrides])
            )
        strategy_options(parse_settings(config))
    assert expected in str(refused.value)


def test_the_command_refuses_them_in_its_own_words_before_any_episode(project):
    refused = run_cli("env=airline", "model=gpt4o", "agent=custom", *NO_TRACKING, cwd=project)
    assert refused.returncode != 0 and "Traceback" not in refused.stderr
    assert "agent.name: agent=custom runs your own class: give it as agent._target_=<module>.<Class>" in refused.stderr
    assert not any(project.rglob("episodes.jsonl"))


@pytest.mark.parametrize(
    "override", ["agent._target_=os.system", "user._target_=my_users.Greeter", "agent=custom", "user=custom"]
)
def test_a_request_to_the_api_cannot_choose_a_class_by_its_import_path(override):
    with pytest.raises(RequestError, match="(cannot be set in a request|is not allowed)"):
        check_overrides([override])


def test_the_readme_and_the_help_show_the_example_agent_as_it_is(tmp_path):
    code = EXAMPLE.read_text()
    assert code in (ROOT / "README.md").read_text()
    shown = run_cli("--help", cwd=tmp_path).stdout
    assert all(line.strip() in shown for line in code.splitlines() if line.strip()), shown


def test_the_package_exports_what_a_strategy_or_a_domain_of_ones_own_needs_and_imports_it_when_used():
    import subprocess
    import sys

    import taubench
    from taubench.core.domain import BundledData, DomainSpec, Rules
    from taubench.core.toolkit import Toolkit, tool

    exported = {name: getattr(taubench, name) for name in ("DomainSpec", "BundledData", "Rules", "Toolkit", "tool")}
    assert exported == {
        "DomainSpec": DomainSpec,
        "BundledData": BundledData,
        "Rules": Rules,
        "Toolkit": Toolkit,
        "tool": tool,
    }
    assert {"DomainSpec", "BundledData", "Toolkit", "tool", "AssistantMessage", "EpisodeContext"} <= set(
        taubench.__all__
    )
    fresh = "import sys, taubench; print(sorted(m for m in sys.modules if m.startswith('taubench.core.')))"
    assert subprocess.run([sys.executable, "-c", fresh], capture_output=True, text=True, check=True).stdout == "[]\n"
