import { describe, expect, it } from 'vitest';
import { excerptOf, findMentions, mentionBeingTyped } from './conversation';

/** The excerpt as first written: the whole text collapsed, trimmed and cut. */
function wholeTextExcerpt(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

describe('excerptOf', () => {
  it('collapses whitespace, trims, and cuts to max characters with an ellipsis', () => {
    expect(excerptOf('  Deadlift\n\n day\t 200 kg  ', 80)).toBe('Deadlift day 200 kg');
    expect(excerptOf('abcdef', 6)).toBe('abcdef');
    expect(excerptOf('abcdefg', 6)).toBe('abcde…');
    expect(excerptOf('abcdef   ', 6)).toBe('abcdef');
    expect(excerptOf('abcdef g', 6)).toBe('abcde…');
    expect(excerptOf('🏋️‍♀️ PR 💪💪💪', 5)).toBe(wholeTextExcerpt('🏋️‍♀️ PR 💪💪💪', 5));
    expect(excerptOf(' \u00a0\u3000 ', 10)).toBe('');
    // Past its first 2 x max + 2 characters a text still counts when those were mostly whitespace.
    expect(excerptOf(`${' '.repeat(200)}Deadlift\n${'\t'.repeat(100)}day`, 80)).toBe('Deadlift day');
    expect(excerptOf(`${'a '.repeat(100)}`, 80)).toBe(`${'a '.repeat(39)}a…`);
  });

  it('answers what the whole-text excerpt does, for texts of every kind of whitespace and character', () => {
    const alphabet = ['a', 'é', '💪', ' ', '\n', '\t', '\u00a0', '\u2028', '\u3000', '#', '\ufeff'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let n = 0; n < 2_000; n++) {
      const text = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('');
      const max = 1 + (next() % 12);
      expect(excerptOf(text, max), JSON.stringify([text, max])).toBe(wholeTextExcerpt(text, max));
    }
  });
});

describe('mentionBeingTyped', () => {
  it('is the name of a mention ending the text, where findMentions reads one', () => {
    expect(mentionBeingTyped('Spot me @lift')).toBe('lift');
    expect(mentionBeingTyped('(@maya_lifts')).toBe('maya_lifts');
    // A trailing dot stays while typing (a name may go on after it); the sent text's mention drops it.
    expect(mentionBeingTyped('thanks @ana.')).toBe('ana.');
    expect(findMentions('thanks @ana.')).toEqual(['ana']);
  });

  it('is nothing right after a letter or digit of any script, a dot or an @, as findMentions reads it', () => {
    for (const text of ['Zoë@lift', '日本@lift', 'x@lift', '٣@lift', 'a.@lift', '@@lift', 'ana@lift']) {
      expect(mentionBeingTyped(text), text).toBeUndefined();
      expect(findMentions(text), text).toEqual([]);
    }
    expect(mentionBeingTyped('Zoë @lift')).toBe('lift');
    expect(findMentions('Zoë @lift')).toEqual(['lift']);
  });

  it('is nothing once the name is over: a space, or a letter outside the username alphabet', () => {
    expect(mentionBeingTyped('@lift ')).toBeUndefined();
    expect(mentionBeingTyped('@zoë')).toBeUndefined();
    expect(mentionBeingTyped('@')).toBeUndefined();
  });

  it('finds no one in a name that goes on in letters outside the username alphabet', () => {
    // Usernames are ASCII: "@zoë" is nobody, not "zo", who would be told of a post that never named them.
    for (const text of ['@zoë', 'Spot @zoë!', '@anaé', '@ana日本', '@ana٣', '@ana@gym.exampleé']) {
      expect(findMentions(text), text).toEqual([]);
    }
    expect(findMentions('@ana💪 and @bob’s lift, @cy.')).toEqual(['ana', 'bob', 'cy']);
  });
});

describe('findMentions of people on other servers', () => {
  it('reads `@name@host` as one mention, with the host as written and its port', () => {
    expect(findMentions('Spot @Ana@Gym.example and @bob@127.0.0.3:8443.')).toEqual([
      'ana@gym.example',
      'bob@127.0.0.3:8443',
    ]);
    expect(findMentions('thanks @ana@gym.example.')).toEqual(['ana@gym.example']);
    expect(findMentions('@peer@localhost:3000 hi')).toEqual(['peer@localhost:3000']);
  });

  it('finds no one in a name cut short before an `@`, nor in an address', () => {
    expect(findMentions('@ana@gym is no one')).toEqual([]);
    expect(findMentions('mail ana@gym.example')).toEqual([]);
    expect(findMentions('@ana@@gym.example')).toEqual([]);
    // A local name still reads as before.
    expect(findMentions('@ana, @bob. @carl')).toEqual(['ana', 'bob', 'carl']);
  });
});
