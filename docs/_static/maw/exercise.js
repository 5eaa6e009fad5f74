// An exercise of the teaching page, opened on the review board: the question stands above the
// board, the button that checks it under the board's controls, and what would give the answer
// away waits until the reader asks for it.
//
// The teaching page's position links carry the exercise in the address (?exercise=…&question=…
// &answer=…&record=…, written at build time from docs/teaching/positions.toml). The board itself
// (review.js) is not changed: this script only uses its public controls. Until the reader asks,
// the board is seen from the seat to move ("Seat N only"), so the solver is never asked and no
// other hand is shown, and the marks of playable and refused cards are drawn alike; the button
// opens every hand with the solver's marks and shows the answer in words.
//
// Texts from the address are set with textContent, never as HTML.

const params = new URLSearchParams(location.search);
const question = params.get("question");
const root = document.querySelector("[data-maw-review]");

if (question && root) {
  const style = document.createElement("style");
  // While the question is open: no board until it is seen from the seat to move, and playable
  // and refused cards look the same (the card is what the student has to decide).
  style.textContent = `
    .maw-exercise-waiting .maw-board { visibility: hidden; }
    .maw-exercise-asking .maw-card-button[data-legal] {
      --maw-card-bg: inherit; border-color: transparent; border-style: solid; box-shadow: none;
      transform: none; cursor: default; }
    .maw-exercise { margin: 0 0 .5rem; scroll-margin-top: .3rem; }
    .maw-exercise > p { margin-bottom: .3rem; }
    @media (max-width: 30rem) {
      .maw-exercise.admonition { margin-bottom: .3rem; padding-bottom: .3rem; }
      .maw-exercise.admonition > p:not(.admonition-title) { margin-left: .5rem; margin-right: .3rem; }
      .maw-exercise.admonition > .admonition-title { padding-top: .15rem; padding-bottom: .15rem; }
      .maw-exercise + [data-maw-review] { margin-top: 0; }
    }
    .maw-exercise-check { margin: .3rem; }
    .maw-exercise-check p { margin: .3rem 0; }
    .maw-exercise [data-action="show-answer"] { border: 2px solid currentColor; border-radius: .4rem;
      padding: .35rem .9rem; background: none; color: inherit; font: inherit; font-weight: bold; cursor: pointer; }
    .maw-exercise-answer { margin-top: .5rem; }`;
  document.head.append(style);

  const box = document.createElement("div");
  box.className = "admonition note maw-exercise";
  box.dataset.mawExercise = "asking";
  const title = document.createElement("p");
  title.className = "admonition-title";
  title.textContent = params.get("exercise") || "Exercise";
  const asked = document.createElement("p");
  asked.textContent = question;
  const how = document.createElement("p");
  how.textContent = "You see the table as the player to move sees it: your own cards, the cards played. "
    + "Decide, then check.";
  const reveal = document.createElement("button");
  reveal.type = "button";
  reveal.className = "maw-button";
  reveal.dataset.action = "show-answer";
  reveal.textContent = "Show the answer and the solver's marks";
  const answer = document.createElement("p");
  answer.className = "maw-exercise-answer";
  answer.hidden = true;
  const answerText = params.get("answer");
  if (answerText) answer.append(Object.assign(document.createElement("strong"), { textContent: "Answer. " }), answerText);
  // The question above the board; how to answer, the button and the answer right under the
  // board's controls, so that the question, the hand and the card led fit one screen.
  box.append(title, asked);
  const check = document.createElement("div");
  check.className = "maw-exercise-check";
  check.append(how, reveal, answer);
  const controls = root.querySelector(".maw-review-controls");
  if (controls) controls.after(check);
  else box.append(check);
  root.before(box);
  // The page's explanations come first; a reader arriving from an exercise starts at the question.
  box.scrollIntoView({ block: "start" });
  root.classList.add("maw-exercise-asking", "maw-exercise-waiting");

  const seatSelect = () => root.querySelector('select[name="seat"]');
  const choose = (value) => {
    const select = seatSelect();
    if (!select || select.value === value) return;
    select.value = value;
    select.dispatchEvent(new Event("change"));
  };

  // Once the board is drawn, turn it to the seat to move; once that view is drawn, show it.
  let turned = false;
  const watch = new MutationObserver(() => {
    if (root.dataset.state === "error" || root.dataset.state === "empty") {
      root.classList.remove("maw-exercise-waiting");
      watch.disconnect();
      return;
    }
    if (root.dataset.state !== "ready") return;
    if (!turned) {
      const mover = root.querySelector("[data-seat][aria-current='true']");
      turned = true;
      if (mover) { choose(mover.dataset.seat); return; }
    }
    if (root.querySelector(".maw-you") || !root.querySelector("[data-seat][aria-current='true']")) {
      root.classList.remove("maw-exercise-waiting");
      watch.disconnect();
    }
  });
  watch.observe(root, { attributes: true, childList: true, subtree: true });

  reveal.addEventListener("click", () => {
    root.classList.remove("maw-exercise-asking", "maw-exercise-waiting");
    box.dataset.mawExercise = "answered";
    reveal.hidden = true;
    answer.hidden = !answerText;
    choose("open");
  });
}
