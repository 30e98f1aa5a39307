"""A tiny causal LM for TRL's GRPO loop with no downloaded weights: a random-init Qwen2 from a config, a
byte-level BPE tokenizer trained here with `tokenizers` (wrapped as a transformers fast tokenizer, with
TRL's own Qwen2.5 chat template, tools included), and a scripted policy that picks each sampled token.

The policy is a `LogitsProcessor` added to every `generate()` call: it reads the conversation so far (the
prompt TRL rendered, the tool calls, the tool responses TRL appended), decides the next tool call from the
rollout's script (its "$N.path" references resolved from the earlier responses), and leaves only that
call's next token sampleable. Everything else is TRL's: rendering, generation, tool-call parsing, the tool
loop, rewards, advantages, the loss and the optimizer step on the model's real logits.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import torch
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import (
    LogitsProcessor,
    LogitsProcessorList,
    PreTrainedTokenizerFast,
    Qwen2Config,
    Qwen2ForCausalLM,
)
from trl.chat_template_utils import qwen2_5_chat_template

SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
RESPONSE = re.compile(r"<tool_response>\n(.*?)\n</tool_response>", re.S)


def tokenizer_for(corpus: list[str], vocab_size: int = 4096) -> PreTrainedTokenizerFast:
    """A byte-level BPE trained on `corpus` (any text still encodes), ChatML special tokens, left padding."""
    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=SPECIAL,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(corpus, trainer)
    tok = PreTrainedTokenizerFast(
        tokenizer_object=bpe, eos_token="<|im_end|>", pad_token="<|endoftext|>", padding_side="left"
    )
    tok.chat_template = qwen2_5_chat_template  # TRL recognises it: its tool-call parser and training template
    return tok


def tool_call_text(name: str, arguments: dict[str, Any]) -> str:
    """An assistant turn calling one tool, as the Qwen2.5 template writes it."""
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": arguments}) + "\n</tool_call>"


class ScriptedPolicy(LogitsProcessor):
    """Rollout i follows scripts[i] (then answers "done"). A generate() call covers the rollouts that are
    still calling tools, in batch order (TRL's tool loop keeps that order); a first turn starts a batch."""

    def __init__(self, tok: PreTrainedTokenizerFast, scripts: list[list[dict]], resolve: Callable):
        self.tok, self.scripts, self.resolve = tok, scripts, resolve
        self.start = tok.convert_tokens_to_ids("<|im_start|>")
        self.active: list[int] = []  # script index of each row of the current call
        self.targets: list[list[int]] = []
        self.calls: list[bool] = []  # whether each row's target is a tool call
        self.prompt_len = 0
        self.emitted: list[list[str]] = [[] for _ in scripts]  # tools each script called, for the report

    def begin(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> None:
        rows = [ids[mask.bool()].tolist() for ids, mask in zip(input_ids, attention_mask, strict=True)]
        texts = [self.tok.decode(ids) for ids in rows]
        results = [[_json_or_none(r) for r in RESPONSE.findall(t)] for t in texts]
        if all(not r for r in results):  # a new batch: row i is rollout i
            self.active = [i % len(self.scripts) for i in range(len(rows))]
            self.emitted = [[] for _ in self.scripts]
        if len(self.active) != len(rows):
            raise RuntimeError(
                f"generate() got {len(rows)} rows, {len(self.active)} rollouts are calling tools"
            )
        self.targets, self.calls, self.prompt_len = [], [], input_ids.shape[1]
        for script, done in zip(self.active, results, strict=True):
            steps = self.scripts[script]
            if len(done) != len(self.emitted[script]):
                raise RuntimeError(f"rollout {script}: {len(done)} tool responses for {self.emitted[script]}")
            if len(done) < len(steps):
                step = steps[len(done)]
                text = tool_call_text(step["tool"], self.resolve(step["args"], done))
                self.emitted[script].append(step["tool"])
            else:
                text = "done"
            self.calls.append(text != "done")
            self.targets.append(self.tok.encode(text, add_special_tokens=False) + [self.tok.eos_token_id])

    def end(self) -> None:
        """After a call: the rollouts that called a tool go on to the next call."""
        self.active = [s for s, call in zip(self.active, self.calls, strict=True) if call]

    def __call__(self, input_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        k = input_ids.shape[1] - self.prompt_len
        forced = torch.full_like(scores, float("-inf"))
        for row, target in enumerate(self.targets):
            forced[row, target[min(k, len(target) - 1)]] = 0.0
        return forced


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None  # a tool error (TRL shows it as {'error': …})


class ScriptedQwen2(Qwen2ForCausalLM):
    """Qwen2 whose sampling follows `policy` (set after construction); training uses its own logits."""

    policy: ScriptedPolicy | None = None

    def generate(self, *args: Any, **kwargs: Any) -> Any:
        self.policy.begin(kwargs["input_ids"], kwargs["attention_mask"])
        out = super().generate(*args, logits_processor=LogitsProcessorList([self.policy]), **kwargs)
        self.policy.end()
        return out


def tiny_model(tok: PreTrainedTokenizerFast, policy: ScriptedPolicy, seed: int = 0) -> ScriptedQwen2:
    torch.manual_seed(seed)
    config = Qwen2Config(
        vocab_size=len(tok),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=1,
        max_position_embeddings=65536,
        tie_word_embeddings=True,
        pad_token_id=tok.pad_token_id,
        eos_token_id=tok.eos_token_id,
        bos_token_id=None,
    )
    model = ScriptedQwen2(config)
    model.generation_config.pad_token_id = tok.pad_token_id
    model.generation_config.eos_token_id = tok.eos_token_id
    model.policy = policy
    return model
