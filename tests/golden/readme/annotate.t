# The README's --annotate example (README.md embeds this block; tests/readme checks they agree).
$ profan samply annotate/anno.json.gz --symbol-path annotate --source-path ../tests/annotate --annotate '^hot$' | sed -n '/=== Lines/,$p'
=== Lines of hot: CPU time (threadCPUDelta) ===
hot  /home/dev/build/src/anno.c:32  [anno]
Self 786.87 ms, Total 1.71 s
       Self      Total  Line  Source
                              /home/dev/build/src/anno.c  (read from ../tests/annotate/anno.c)
          .          .    32  static __attribute__((noinline)) uint32_t hot(uint32_t seed, uint32_t rounds)
          .          .    33  {
          .          .    34          uint32_t x = seed;
          .          .    35          /* its own rounds */
  192.30 ms  192.30 ms    36          for (uint32_t i = 0; i < rounds; i++)
  233.01 ms  233.01 ms    37                  x = ROUND(x, i);
  360.55 ms  360.55 ms    38          for (uint32_t i = 0; i < 2 * rounds; i++)
          .  517.88 ms    39                  x = mix(x, i);  → mix (inlined) 517.88 ms
          .  404.70 ms    40          x = step(x, rounds);  → step 404.70 ms
    1.01 ms    1.01 ms    41          return x ^ seed; /* work after the call: step() must not become a tail call */
          .          .    42  }
          .          .    43  
          .          .    44  int main(int argc, char **argv)
