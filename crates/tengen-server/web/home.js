// The home page: the new-game form (with its preview) and the lists of games.
'use strict';

// ---------- Home: the form and the lists ----------

/** The clock chosen on a form with the time fields (the new-game and challenge forms). */
function timeControl(f) {
  const time = f.get('time');
  let tc = { kind: 'none' };
  if (time === 'byo_yomi') {
    tc = { kind: 'byo_yomi', main_s: Math.round(+f.get('byo-main') * 60),
      period_s: +f.get('byo-period'), periods: +f.get('byo-periods') };
  } else if (time === 'fischer') {
    tc = { kind: 'fischer', initial_s: Math.round(+f.get('fi-initial') * 60),
      increment_s: +f.get('fi-inc'), max_s: Math.round(+f.get('fi-max') * 60) };
  }
  return tc;
}

/** Shows the fields of the clock chosen on `form`. */
function showTimeFields(form, kind) {
  form.querySelectorAll('.time-fields').forEach((el) => {
    el.classList.toggle('shown', el.dataset.for === kind);
  });
}

function formValue(form) {
  const f = new FormData(form);
  let size = f.get('size');
  if (size === 'other') size = f.get('size-other');
  const tc = timeControl(f);
  const opp = f.get('opponent');
  let opponent = { kind: 'person' };
  if (opp === 'tengen') opponent = { kind: 'tengen', level: +f.get('level') };
  else if (opp && opp.startsWith('gtp:')) opponent = { kind: 'gtp', name: opp.slice(4) };
  const body = {
    size: +size, rules: f.get('rules'), handicap: +f.get('handicap'),
    placement: f.get('placement'), color: f.get('color'), time: tc, opponent,
    name: f.get('name') || null,
    open: f.get('open') === 'on' && opp === 'person',
    analysis: f.get('analysis') === 'on',
  };
  const komi = f.get('komi');
  if (komiEdited && komi !== '') body.komi = +komi;
  return body;
}

let komiEdited = false;
// Preview answers can arrive out of order: only the answer to the latest request counts.
let previewSeq = 0;

async function refreshPreview() {
  const form = $('create-form');
  const body = formValue(form);
  showTimeFields(form, body.time.kind);
  const seq = ++previewSeq;
  try {
    const p = await api('POST', '/api/preview', body);
    if (seq !== previewSeq) return;
    $('rules-summary').textContent = p.rules_summary;
    $('handicap-preview').textContent = p.handicap + ' Komi ' + p.komi + '.';
    if (!komiEdited) $('komi-input').value = p.komi;
    showLevelRanks(p.level_ranks);
    $('form-error').textContent = '';
    $('create-button').disabled = false;
  } catch (e) {
    if (seq !== previewSeq) return;
    $('form-error').textContent = e.message;
    $('create-button').disabled = true;
  }
}

/** Each level's option with its measured rank on the chosen board: "5 (about 9k)". */
function showLevelRanks(ranks) {
  const words = { 1: 'beginner', 10: 'full strength' };
  for (const option of $('level-select').options) {
    const level = +option.value;
    const notes = [words[level], ranks[level - 1] && `about ${ranks[level - 1]}`].filter(Boolean);
    option.textContent = notes.length ? `${level} (${notes.join(', ')})` : String(level);
  }
}

async function showHome() {
  document.title = 'Tengen';
  setupRecordUpload();
  const saved = localStorage.getItem('tengen.name');
  if (saved) $('create-form').elements.name.value = saved;
  const info = await api('GET', '/api/info');
  const engines = $('engine-options');
  engines.innerHTML = '';
  for (const name of info.engines) {
    const label = document.createElement('label');
    label.innerHTML = '<input type="radio" name="opponent"> ';
    label.firstChild.value = 'gtp:' + name;
    label.append(document.createTextNode(name + ' (GTP engine)'));
    engines.append(label);
  }
  const form = $('create-form');
  // Choosing a level chooses Tengen.
  $('level-select').addEventListener('change', () => {
    form.querySelector('input[name=opponent][value=tengen]').checked = true;
  });
  form.addEventListener('change', (e) => {
    if (e.target.name === 'komi') komiEdited = true;
    if (['rules', 'handicap'].includes(e.target.name)) komiEdited = false;
    refreshPreview();
  });
  $('komi-input').addEventListener('input', () => { komiEdited = true; });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    $('create-button').disabled = true;
    try {
      const body = formValue(form);
      if (body.name) localStorage.setItem('tengen.name', body.name);
      const g = await api('POST', '/api/games', body);
      localStorage.setItem('tengen.seat.' + g.id, g.seat);
      if (g.invite) localStorage.setItem('tengen.invite.' + g.id, g.invite);
      location.href = '/g/' + g.id;
    } catch (err) {
      $('form-error').textContent = err.message;
      $('create-button').disabled = false;
    }
  });
  refreshPreview();
  await loadLists();
}

/** The lobby and the lists of games (again each time the home page is shown). */
async function loadLists() {
  const lists = await api('GET', '/api/games');
  const fill = (el, games, finished) => {
    el.innerHTML = '';
    if (!games.length) { el.innerHTML = '<li class="hint">none</li>'; return; }
    for (const g of games) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = '/g/' + g.id;
      a.textContent = `${g.black} (B) vs ${g.white} (W)`;
      const end = g.aborted ? 'aborted' : (g.expired ? 'expired' : (g.result ? resultSentence(g.result) : 'over'));
      li.append(a, document.createTextNode(
        ` — ${g.size}×${g.size}, ${g.rules}, ${g.moves} move${g.moves === 1 ? "" : "s"}, ` + (finished ? end : g.phase)));
      if (finished) {
        const s = document.createElement('a');
        s.href = `/api/games/${g.id}/sgf`;
        s.textContent = ' SGF';
        li.append(s);
      }
      el.append(li);
    }
  };
  const lobby = $('lobby');
  const open = lists.live.filter((g) => g.open);
  lobby.innerHTML = open.length ? '' : '<li class="hint">none: create one and tick “list it in the lobby”</li>';
  for (const g of open) {
    const li = document.createElement('li');
    const mine = !!localStorage.getItem('tengen.seat.' + g.id);
    // The open seat still has the server's placeholder name.
    const seat = (name) => (name === 'Opponent' ? 'open seat' : name);
    li.append(document.createTextNode(`${seat(g.black)} (B) vs ${seat(g.white)} (W): ${g.size}×${g.size}, ${g.rules} `));
    const a = document.createElement('a');
    a.href = `/g/${g.id}` + (mine ? '' : '#join');
    a.className = 'join-link';
    a.textContent = mine ? 'your game' : 'Join';
    li.append(a);
    lobby.append(li);
  }
  fill($('live-games'), lists.live.filter((g) => !g.open), false);
  fill($('finished-games'), lists.finished, true);
}

// ---------- Start ----------

const route = location.pathname.match(/^\/g\/([0-9a-f]{16})$/);
const recordRoute = location.pathname.match(/^\/r\/([0-9a-f]{32})$/);
startClub(!!(route || recordRoute));
if (route) showGame(route[1]); else if (recordRoute) showRecord(recordRoute[1]); else startHomeRoutes();
