;; Fixture generator: a wasm module with one import and three functions.
;; heavy() loops 3x as long as light(); rec() recurses. Function index space:
;; 0 = imported env.tick, 1 = heavy, 2 = light, 3 = rec, 4 = run (exported).
;; Build: wat2wasm --debug-names kernel.wat -o kernel-named.wasm; wat2wasm kernel.wat -o kernel-stripped.wasm
(module
  (import "env" "tick" (func $tick (param i32) (result i32)))
  (func $heavy (param $n i32) (result i32)
    (local $i i32) (local $x i32)
    (local.set $i (i32.mul (local.get $n) (i32.const 3)))
    (block $done (loop $l
      (br_if $done (i32.eqz (local.get $i)))
      (local.set $x (i32.add (i32.mul (local.get $x) (i32.const 31)) (local.get $i)))
      (local.set $i (i32.sub (local.get $i) (i32.const 1)))
      (br $l)))
    (local.get $x))
  (func $light (param $n i32) (result i32)
    (local $i i32) (local $x i32)
    (local.set $i (local.get $n))
    (block $done (loop $l
      (br_if $done (i32.eqz (local.get $i)))
      (local.set $x (i32.add (i32.mul (local.get $x) (i32.const 17)) (local.get $i)))
      (local.set $i (i32.sub (local.get $i) (i32.const 1)))
      (br $l)))
    (local.get $x))
  (func $rec (param $n i32) (result i32)
    (if (result i32) (i32.lt_s (local.get $n) (i32.const 2))
      (then (local.get $n))
      (else (i32.add (call $rec (i32.sub (local.get $n) (i32.const 1)))
                     (call $rec (i32.sub (local.get $n) (i32.const 2)))))))
  (func $run (export "run") (param $n i32) (result i32)
    (i32.add (i32.add (call $heavy (local.get $n)) (call $light (local.get $n)))
             (i32.add (call $rec (i32.const 20)) (call $tick (local.get $n))))))
