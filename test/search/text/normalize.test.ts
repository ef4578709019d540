import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentKey, contentTerms, stem, tokenize } from '../../../src/search/text/normalize.ts';

describe('stem', () => {
  const TABLE: [string, string][] = [
    ['lunges', 'lunge'],
    ['squats', 'squat'],
    ['presses', 'press'],
    ['crunches', 'crunch'],
    ['flies', 'fly'],
    ['ups', 'up'],
    ['abs', 'ab'],
    ['biceps', 'bicep'],
    ['kettlebells', 'kettlebell'],
    ['boxes', 'box'],
    // Left alone: Latin endings, double s, short words, words not ending in s.
    ['press', 'press'],
    ['gluteus', 'gluteus'],
    ['abdominis', 'abdominis'],
    ['us', 'us'],
    ['row', 'row'],
    ['curl', 'curl'],
  ];
  for (const [word, expected] of TABLE) it(`folds "${word}" to "${expected}"`, () => assert.equal(stem(word), expected));
});

describe('tokenize and contentTerms', () => {
  it('folds accents and case, drops apostrophes, splits on anything but letters and digits', () => {
    assert.deepEqual(tokenize("Child's Pose"), ['child', 'pose']);
    assert.deepEqual(tokenize('Café PUSH-UPS'), ['cafe', 'push', 'up']);
    assert.deepEqual(tokenize('90/90 Hip T2B'), ['90', '90', 'hip', 't2b']);
  });

  it('drops function words from content, keeping the words that carry meaning', () => {
    const TABLE: [string, string[]][] = [
      ['how to squat', ['squat']],
      ['best exercises for the chest', ['chest']],
      ['squat to stand', ['squat', 'stand']],
      ['good form', []],
      ['pull up', ['pull', 'up']],
      ['bent over row', ['bent', 'over', 'row']],
      ['turkish get up', ['turkish', 'get', 'up']],
    ];
    for (const [text, expected] of TABLE) assert.deepEqual(contentTerms(text), expected, text);
  });

  it('gives one key for the spellings of a phrase', () => {
    assert.equal(contentKey('Rear Delts'), contentKey('rear-delt'));
    assert.equal(contentKey('KETTLEBELLS'), 'kettlebell');
    assert.equal(contentKey('toes to bar'), 'toe bar');
  });
});
